// What an error says to a person: its message and its hint, with the next step its facts name
// (NextStep in errors.ts) said in words here. The API client raises facts (which resource, which
// key, which failure) and no command text; the words are said where the error is reported
// (cli.ts reportError) and where a command quotes a caught error in its own message. The
// `paygate …` commands here are rewritten for the way paygate was invoked when printed
// (printed-commands.ts).
import { type NextStep, PaygateError, type RequestedResource } from '../errors.js';

/** The message of `error` as a person reads it: with the look to take first, when there is one. */
export function errorMessage(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const step = error instanceof PaygateError ? error.nextStep : undefined;
  if (step?.kind === 'look_before_retrying') {
    return `${error.message} Nothing was retried: check with ${lookCommand(step.resource)} before retrying.`;
  }
  if (step?.kind === 'set_base_url') {
    return `${error.message} (set it with --base-url or PAYGATE_BASE_URL, e.g. https://api.example.com)`;
  }
  return withField(error);
}

/** A gateway's refusal says the field it named (`field` of its answer), unless its words do. */
function withField(error: Error): string {
  if (!(error instanceof PaygateError)) return error.message;
  const { field, status } = error.details;
  if (field === undefined || status === undefined || error.message.includes(field)) return error.message;
  return `${error.message} (field: ${field})`;
}

/** The hint printed under the error: its own, else its next step's. */
export function errorHint(error: unknown): string | undefined {
  if (!(error instanceof PaygateError)) return undefined;
  if (error.details.hint) return error.details.hint;
  return error.nextStep ? stepHint(error.nextStep) : undefined;
}

/** Which command finds out what happened to a request that may have been processed. */
function lookCommand(resource: RequestedResource | undefined): string {
  switch (resource?.kind) {
    case 'charge':
      if (resource.id !== undefined && (resource.action === 'refund' || resource.action === 'cancel'))
        return `\`paygate charge get ${resource.id}\``;
      return '`paygate charge list` (or `charge find --external-id`)';
    // A keyed run names its own `payout reconcile --key …` (journaled-send.ts); this is the rest.
    case 'payout':
      return '`paygate payout list`';
    case 'webhook':
      return '`paygate webhook list`';
    case 'token':
      return 'nothing to check (a card token can be created again)';
    default:
      return 'a GET of the resource';
  }
}

function stepHint(step: NextStep): string | undefined {
  switch (step.kind) {
    case 'configure_key':
      return step.key === 'secret'
        ? 'run `paygate login` (it asks for the key, or reads it with --secret-key-stdin), or set PAYGATE_SECRET_KEY'
        : 'run `paygate login --public-key`, or set PAYGATE_PUBLIC_KEY';
    case 'check_secret_key':
      return 'check the secret key (`paygate login`, or PAYGATE_SECRET_KEY)';
    case 'check_base_url':
      return BASE_URL_HINTS[step.because];
    case 'reach_gateway':
      return networkHint(step);
    case 'look_before_retrying':
    case 'set_base_url':
      return undefined; // said in the message (errorMessage)
  }
}

const BASE_URL_HINTS = {
  no_api: 'check --base-url (the gateway URL, without /v1)',
  not_the_api: 'the answer did not come from the gateway API: check --base-url, the API prefix and any proxy',
  redirect: 'check --base-url (e.g. https:// instead of http://)',
} as const;

/** What to try for a request that got no answer from the gateway. */
function networkHint({
  code,
  timedOut,
  tooLong,
  stalledProxy,
}: NextStep & { kind: 'reach_gateway' }): string | undefined {
  if (stalledProxy)
    return `the connection through the proxy at ${stalledProxy.origin} (${stalledProxy.variable}) did not complete in time: the proxy, or the gateway behind it, did not answer; check the proxy, or raise --request-timeout`;
  if (timedOut) return 'the gateway did not answer in time; raise --request-timeout or try again later';
  if (tooLong) return 'that is not an API answer: check --base-url and any proxy';
  if (code === 'ECONNREFUSED')
    return 'nothing is listening at the base URL: is the gateway (or `paygate sandbox start`) running?';
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return 'the host name does not resolve: check --base-url';
  const certificate = certificateHint(code);
  if (certificate) return certificate;
  if (/CERT|SSL|TLS/.test(code)) return 'TLS certificate problem: check --base-url and any proxy';
  return undefined;
}

/** The certificate problems a person can do something about, said as what they are. */
function certificateHint(code: string): string | undefined {
  if (UNTRUSTED_CERTIFICATE_CODES.has(code)) {
    return (
      "the server's certificate is signed by a certificate authority this machine does not trust; " +
      'behind a company proxy that inspects TLS, or for a private CA, set NODE_EXTRA_CA_CERTS=/path/to/ca.pem'
    );
  }
  if (code === 'CERT_HAS_EXPIRED')
    return "the server's certificate has expired (or this machine's clock is wrong): the gateway, or a proxy that inspects TLS, must renew it; a trusted CA does not help";
  if (code === 'CERT_NOT_YET_VALID')
    return "the server's certificate is not valid yet: check this machine's clock";
  if (code === 'ERR_TLS_CERT_ALTNAME_INVALID')
    return "the server's certificate is for another host name: check --base-url; a proxy that inspects TLS must present a certificate for the gateway's name";
  return undefined;
}

/** Node's codes for a certificate chain that ends at no CA this machine trusts. */
const UNTRUSTED_CERTIFICATE_CODES = new Set([
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'UNABLE_TO_GET_ISSUER_CERT',
]);

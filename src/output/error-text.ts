// What an error says to a person: its message and its hint, with the next step its facts name
// (NextStep in errors.ts) said in words here. The API client raises facts (which resource, which
// key, which failure) and no command text; the words are said where the error is reported
// (cli.ts reportError) and where a command quotes a caught error in its own message. The
// `paygate …` commands here are rewritten for the way paygate was invoked when printed
// (printed-commands.ts).
import { type NextStep, PaygateError, type RequestedResource } from '../errors.js';
import { sayNextStep } from '../text/en/next-steps.js';

/** The message of `error` as a person reads it: with the look to take first, when there is one. */
export function errorMessage(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const step = error instanceof PaygateError ? error.nextStep : undefined;
  if (step?.kind === 'look_before_retrying') {
    return sayNextStep('lookBeforeRetrying', { message: error.message, look: lookCommand(step.resource) });
  }
  if (step?.kind === 'set_base_url') {
    return sayNextStep('setBaseUrl', { message: error.message });
  }
  return withField(error);
}

/** A gateway's refusal says the field it named (`field` of its answer), unless its words do. */
function withField(error: Error): string {
  if (!(error instanceof PaygateError)) return error.message;
  const { field, status } = error.details;
  if (field === undefined || status === undefined || error.message.includes(field)) return error.message;
  return sayNextStep('withField', { message: error.message, field });
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
      return sayNextStep('lookChargeListOrFind', {
        list: '`paygate charge list`',
        find: '`charge find --external-id`',
      });
    // A keyed run names its own `payout reconcile --key …` (journaled-send.ts); this is the rest.
    case 'payout':
      return '`paygate payout list`';
    case 'webhook':
      return '`paygate webhook list`';
    case 'token':
      return sayNextStep('lookToken');
    default:
      return sayNextStep('lookGet');
  }
}

function stepHint(step: NextStep): string | undefined {
  switch (step.kind) {
    case 'configure_key':
      return step.key === 'secret'
        ? sayNextStep('configureSecretKey', { login: '`paygate login`' })
        : sayNextStep('configurePublicKey', { login: '`paygate login --public-key`' });
    case 'check_secret_key':
      return sayNextStep('checkSecretKey', { login: '`paygate login`' });
    case 'check_base_url':
      return sayNextStep(BASE_URL_HINTS[step.because]);
    case 'reach_gateway':
      return networkHint(step);
    case 'look_before_retrying':
    case 'set_base_url':
      return undefined; // said in the message (errorMessage)
  }
}

const BASE_URL_HINTS = {
  no_api: 'baseUrlNoApi',
  not_the_api: 'baseUrlNotTheApi',
  redirect: 'baseUrlRedirect',
} as const;

/** What to try for a request that got no answer from the gateway. */
function networkHint({
  code,
  timedOut,
  tooLong,
  stalledProxy,
}: NextStep & { kind: 'reach_gateway' }): string | undefined {
  if (stalledProxy) return sayNextStep('stalledProxy', stalledProxy);
  if (timedOut) return sayNextStep('timedOut');
  if (tooLong) return sayNextStep('tooLong');
  if (code === 'ECONNREFUSED')
    return sayNextStep('connectionRefused', { sandbox: '`paygate sandbox start`' });
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return sayNextStep('hostNotFound');
  const certificate = certificateHint(code);
  if (certificate) return certificate;
  if (/CERT|SSL|TLS/.test(code)) return sayNextStep('tlsProblem');
  return undefined;
}

/** The certificate problems a person can do something about, said as what they are. */
function certificateHint(code: string): string | undefined {
  if (UNTRUSTED_CERTIFICATE_CODES.has(code)) return sayNextStep('untrustedCertificate');
  if (code === 'CERT_HAS_EXPIRED') return sayNextStep('expiredCertificate');
  if (code === 'CERT_NOT_YET_VALID') return sayNextStep('certificateNotYetValid');
  if (code === 'ERR_TLS_CERT_ALTNAME_INVALID') return sayNextStep('certificateOtherHost');
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

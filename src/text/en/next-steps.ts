// What a person can do after an error (errors.ts NextStep), said in words by
// output/error-text.ts: the hints and the "look before retrying" sentences.
import { englishTexts } from '../catalog.js';

const nextStepsEnglish = {
  lookBeforeRetrying: '{message} Nothing was retried: check with {look} before retrying.',
  setBaseUrl: '{message} (set it with --base-url or PAYGATE_BASE_URL, e.g. https://api.example.com)',
  withField: '{message} (field: {field})',

  // Which look finds what a request may have done, when it is more than a command line.
  lookChargeListOrFind: '{list} (or {find})',
  lookToken: 'nothing to check (a card token can be created again)',
  lookGet: 'a GET of the resource',

  configureSecretKey:
    'run {login} (it asks for the key, or reads it with --secret-key-stdin), or set PAYGATE_SECRET_KEY',
  configurePublicKey: 'run {login}, or set PAYGATE_PUBLIC_KEY',
  checkSecretKey: 'check the secret key ({login}, or PAYGATE_SECRET_KEY)',

  baseUrlNoApi: 'check --base-url (the gateway URL, without /v1)',
  baseUrlNotTheApi:
    'the answer did not come from the gateway API: check --base-url, the API prefix and any proxy',
  baseUrlRedirect: 'check --base-url (e.g. https:// instead of http://)',

  stalledProxy:
    'the connection through the proxy at {origin} ({variable}) did not complete in time: the proxy, or the gateway behind it, did not answer; check the proxy, or raise --request-timeout',
  timedOut: 'the gateway did not answer in time; raise --request-timeout or try again later',
  tooLong: 'that is not an API answer: check --base-url and any proxy',
  connectionRefused: 'nothing is listening at the base URL: is the gateway (or {sandbox}) running?',
  hostNotFound: 'the host name does not resolve: check --base-url',
  tlsProblem: 'TLS certificate problem: check --base-url and any proxy',
  untrustedCertificate:
    "the server's certificate is signed by a certificate authority this machine does not trust; behind a company proxy that inspects TLS, or for a private CA, set NODE_EXTRA_CA_CERTS=/path/to/ca.pem",
  expiredCertificate:
    "the server's certificate has expired (or this machine's clock is wrong): the gateway, or a proxy that inspects TLS, must renew it; a trusted CA does not help",
  certificateNotYetValid: "the server's certificate is not valid yet: check this machine's clock",
  certificateOtherHost:
    "the server's certificate is for another host name: check --base-url; a proxy that inspects TLS must present a certificate for the gateway's name",
} as const;

export type NextStepsEnglish = typeof nextStepsEnglish;
export const sayNextStep = englishTexts('next-steps', nextStepsEnglish);

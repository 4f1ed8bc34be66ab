// What the API client reports, said as sentences: src/api/ raises the fact (errors.ts
// `apiFact`), these are its words. Each key is a fact's name. `{request}` is `METHOD url`;
// `{failure}`, `{reason}`, `{problem}` are what broke, often a fact of this area said first;
// a gateway's own words are always a placeholder, never a text here.
import { englishTexts } from '../catalog.js';

const apiFactsEnglish = {
  // A failure envelope without a message of its own (api/errors.ts).
  httpStatusFrom: '{status} from {request}',
  // A 404 of a charge, payout or webhook by its id, with the gateway's own message (`{said}`): in
  // English that message alone, as the gateway wrote it.
  chargeNotFound: '{said}',
  payoutNotFound: '{said}',
  webhookNotFound: '{said}',

  // Why an answer is not the envelope (api/envelope.ts parseJson).
  emptyBody: 'empty body',
  htmlPage: 'an HTML page',
  htmlPageTitled: 'an HTML page: "{title}"',
  notJson: 'not JSON: "{start}"',
  jsonTooDeep: 'JSON nested deeper than {depth} levels',
  invalidJson: 'invalid JSON, truncated? ({detail})',
  parseError: 'parse error',
  notTheEnvelope: 'JSON that is not the API envelope ({success, data} or {success, error})',
  notRateLimitEnvelope: 'not the rate_limit_error envelope',
  noContentType: 'no content type',

  // Answers the client cannot use (api/envelope.ts, unusable-answer.ts, pagination.ts).
  unexpectedAnswer: '{request}: unexpected answer: HTTP {status} ({contentType}): {reason}',
  unexpectedAnswerRedirecting:
    '{request}: unexpected answer: HTTP {status} ({contentType}) redirecting to {location}: {reason}',
  unexpectedAnswerWith: '{request}: unexpected answer: HTTP {status} with {problem}',
  notAList:
    '{request}: unexpected answer: HTTP {status} with data that is not a list (expected data: [...], or an object holding one list such as data.items)',
  dataNotAList: 'data is not a list',
  proxyOrGatewayFailing: 'a proxy or the gateway is failing; try again later',

  // What an answer's data lacks (api/required-fields.ts).
  expectedObject: '{field}: expected an object, got {value}',
  missingField: '{field}: missing',
  expectedStringOrInteger: '{field}: expected a string or an integer, got {value}',
  expectedString: '{field}: expected a string, got {value}',
  aList: 'a list',
  anObject: 'an object',

  // Outcome unknown (exit 9): a create may have been processed.
  outcomeUnknownGatewayFailed:
    '{request}: outcome unknown: the gateway answered HTTP {status} ({message}); the request may have been processed.',
  outcomeUnknownNotAnswer:
    '{request}: outcome unknown: HTTP {status} ({contentType}) is not an API answer ({reason}); the request may have been processed.',
  outcomeUnknownNotAnswerRedirecting:
    '{request}: outcome unknown: HTTP {status} ({contentType}) redirecting to {location} is not an API answer ({reason}); the request may have been processed.',
  outcomeUnknownUnusable:
    '{request}: the gateway answered HTTP {status} but its data is not usable ({problem}); the request was probably processed.',
  outcomeUnknownAfterSending:
    '{request}: outcome unknown: {failure} after the request was sent; it may have been processed.',
  interruptedInFlight:
    'interrupted while {request} was in flight: outcome unknown; it may have been processed.',

  // Rate limits (api/envelope.ts).
  rateLimited: 'rate limited',
  stillRateLimited: '{message}: still rate limited after the allowed tries',
  stillRateLimitedWait:
    '{message}: still rate limited after the allowed tries; the gateway asks to wait {seconds}s',
  rateLimitHint:
    'wait and try again; bulk commands pace themselves, so another client is probably using the same key',

  // No answer (api/attempts.ts, transport.ts).
  networkFailed: '{request}: {failure}',
  networkFailedTries: '{request}: {failure} ({count} tries)',
  networkNothingSent: '{request}: {failure}; nothing reached the gateway',
  networkNothingSentTries: '{request}: {failure} ({count} tries); nothing reached the gateway',
  whileReadingAnswer: '{failure} while reading the HTTP {status} answer',

  // The --debug trace's words (api/attempts.ts, client.ts, pagination.ts): `{request}` is
  // `METHOD url`, `{waitMs}` a whole number of milliseconds, `{reason}` an error code or traceTimeout.
  traceTry: 'try {attempt}/{max}',
  traceNothingSent: 'nothing was sent',
  traceTimeout: 'timeout',
  traceRetryingAfterFailure: '... retrying {request} in {waitMs}ms ({reason}, try {attempt}/{max})',
  traceRetryingRateLimited: '... rate limited: retrying {request} in {waitMs}ms (try {attempt}/{max})',
  traceRetryingStatus: '... retrying {request} in {waitMs}ms (HTTP {status}, try {attempt}/{max})',
  traceLookBeforeRetrying: '... before retrying {request}: looking for what it may have made',
  traceHoldingForBudget: '... rate limit budget of {category} spent: holding for {waitMs}ms until it resets',
  traceKeyInClear: '!!! sending the key in clear to {origin} (PAYGATE_ALLOW_INSECURE_HTTP=1)',
  traceListingStops: '... {path}: {unfinished}; the listing stops here',
  couldNotConnectWithin: 'could not connect within {duration}',
  noAnswerWithin: 'no answer within {duration}',
  answerTooLarge: 'the answer is larger than {size}; it was not read',
  closedMidAnswer: 'the connection closed mid-answer',
  closedWhileConnecting: 'the connection closed while connecting',
  connectTimeout: 'connect timeout',
  proxyClosedInsteadOfConnect: 'the proxy closed the connection instead of answering CONNECT',
  proxyConnectGarbage: 'the proxy answered CONNECT with garbage',
  proxyRefusedConnect: 'the proxy at {proxy} refused CONNECT to {authority}: {statusLine}',
  noStatusLine: 'no status line',
  proxyRefused: 'the proxy at {proxy} refused the request: {status}',
  proxyCredentialsRejected:
    'the proxy did not accept the user and password in {variable}; check them (special characters percent-encoded)',
  proxyCredentialsNeeded: 'put credentials in {variable} as http://user:password@host:port',

  // Proxy variables (api/proxy.ts).
  badProxy: '{variable} is not a valid proxy URL: {why}',
  badProxyHint: 'set {variable} to http://host:port (or unset it)',
  notAUrl: 'not a URL',
  noHost: 'no host',
  proxySchemeNotHttp: 'scheme {scheme} is not http: or https:',

  // The client's own settings and keys (api/client.ts).
  mustBePositive: '{name}: must be a positive number',
  keyInClear:
    'refusing to send the key in clear to {origin}: http:// is allowed only to this machine (loopback)',
  keyInClearHint:
    "use the gateway's https:// URL; to send it anyway (a test network you trust), set PAYGATE_ALLOW_INSECURE_HTTP=1",
  noSecretKey: 'no secret key configured',
  noPublicKey: 'no public key configured (card tokenization uses the public key)',

  // Base URL, paths and ids (api/url.ts, detect-prefix.ts).
  invalidBaseUrl: 'invalid base URL "{value}": {why}',
  baseUrlEmpty: 'it is empty',
  baseUrlNotHttp: 'it must start with http:// or https://',
  baseUrlNoHost: 'it has no host',
  baseUrlUserInfo: 'it must not contain a user name or password',
  baseUrlQuery: 'it must not contain a query (?) or fragment (#)',
  invalidApiPrefix: 'invalid API prefix "{prefix}": expected a path such as /v1 or /api/v1',
  fullUrlNotPath: '"{path}": give a path such as /v1/charges, not a full URL',
  dotSegments: '"{path}": a path must not contain . or .. segments',
  idRequired: '{what} is required',
  invalidId: 'invalid {what} "{value}"',
  noApiFound: 'no paygate API found at {baseUrl}: tried {tried}',
  noApiFoundTwice: 'no paygate API found at {baseUrl}: tried {first} and {second}',

  // A listing that did not reach the end of its list (api/pagination.ts); `{noun}` is a
  // listed… fact or the caller's words.
  pageRepeats: "page {page} repeats page {previous} (the gateway's paging is not understood)",
  pageEmptyShort: 'page {page} was empty although the gateway counts {total}',
  pageLastShort: 'page {page} said it was the last although the gateway counts {total}',
  incomplete: 'incomplete: {reading}',
  listRead: 'read {read} {noun}; {why}',
  listReadOf: 'read {read} of {total} {noun}; {why}',
  stoppedAtBound: 'stopped at {bound} ({pages}) while the gateway has more',
  pages: { one: '{count} page', other: '{count} pages' },
  thePageLimit: 'the page limit',
  listedCharges: 'charges',
  listedPayouts: 'payouts',

  // Resources (api/webhooks.ts, sellers.ts).
  webhooksNotManaged:
    'this gateway does not manage webhooks through its API: set the webhook URL in its dashboard',
  emailRequired: 'an e-mail address is required',
} as const;

export type ApiFactsEnglish = typeof apiFactsEnglish;
export const sayApiFact = englishTexts('api', apiFactsEnglish);

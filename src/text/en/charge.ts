// Words of the charge commands (src/commands/charge/): messages, questions, table headers and
// detail labels. Labels and headers are for people: csv and plain keep the English ones
// (`chargeEnglish`), the same bytes for scripts in every language (docs/language.md).
import { englishTexts } from '../catalog.js';
import { sayFor } from '../in-english.js';

const chargeEnglish = {
  // charge create
  outcomeUnknown:
    'the charge may or may not have been created: no answer came after the request was sent ({message})',
  // The gateway answered (a 5xx, a page that is not the API's) but not whether the charge exists.
  outcomeUnknownAnswered:
    "the charge may or may not have been created: the gateway's answer does not say whether it was ({message})",
  outcomeUnknownHintExternalId:
    'check with `paygate charge find --external-id {externalId}` before creating it again',
  outcomeUnknownHintList:
    'check with `paygate charge list --limit 5` before creating it again; pass --external-id next time, ' +
    'so that `paygate charge find --external-id ID` can tell whether it was created',
  alreadyCreated: 'Already created with --key {key}: charge {id}. Nothing new was sent.',
  createdDeclined: 'Charge {id} was declined ({status}): it was not paid.',
  createdFailed: 'Charge {id} failed ({status}): it was not paid.',
  created: '✓ Charge {id} created',
  chargeIsStatus: 'charge {id} is {status}',
  chargeIsStatusBecause: 'charge {id} is {status}: {reason}',
  pdfNoUrl: '--pdf: the gateway sent no pdf_url for this boleto; nothing was downloaded',
  pdfSaved: 'Boleto PDF saved to {file} ({size} KB).',

  // the dry run, the preview and the confirmation of charge create
  // The same words as ESTIMATE_WARNING (src/domain/split.ts), which the domain keeps to tell it apart.
  sellerLookedUpWhenCreated: '<the seller of {email}, looked up when created>',
  requestBody: 'Request body (POST /v1/charges):',
  feeAndSplit: 'Fee and split (estimate, fee rate {rate}%):',
  itemsSpread: 'Items (the amount spread over them):',
  items: 'Items:',
  pixAddress: 'PIX address',
  pixAddressFrom: '{label} (from {source}): {address}',
  pixAddressGenericDefault: 'the generic default',
  splitByEmailLookedUp:
    'Split entries given by e-mail are looked up (and checked) only when the charge is created.',
  dryRunNothingSent: 'Dry run: nothing was sent.',
  previewAmount: 'Amount',
  previewFee: 'Fee',
  previewNet: 'Net',
  previewMainSeller: 'Main seller',
  previewDescription: 'Description',
  previewExpiresIn: 'Expires in',
  seller: 'seller {id}',
  sellerNamed: '{name} ({id})',
  confirmHeading: 'The charge (fee rate {rate}%, an estimate):',
  confirmCreate: 'Create this charge?',
  confirmSmallAmount: 'Create a charge of {amount}?',
  splitEntryCount: '{actual} entries instead of {expected}',
  splitEntryGets: '{who} gets {actual}, the preview said {expected}',
  splitDiffers:
    "the gateway's split differs from the local preview (fee rate {rate}%; its figures win): {differences}",

  // the Pix code of a charge
  pixCopyPaste: 'PIX copy and paste:',
  qrTerminalColours:
    "The QR code is drawn in your terminal's own colours (colour is off): on a dark background, " +
    'run `paygate config set qr plain-dark`, or `paygate config set qr color` for black on white.',
  qrNotShown: 'charge {id} is {status}: its QR code is not shown, it would take no payment',
  noPixCode: 'this charge has no PIX code (pix.emv) to show',

  // the detail view of a charge (labels: tables only)
  labelId: 'ID',
  labelStatus: 'Status',
  labelAmount: 'Amount',
  labelFee: 'Fee',
  labelNet: 'Net',
  labelMethod: 'Method',
  // the payment method a table shows (the gateway's own word in --json, csv and plain)
  methodCard: 'card',
  methodBoleto: 'boleto',
  labelCard: 'Card',
  labelCaptureBy: 'Capture by',
  labelBoletoLine: 'Boleto line',
  labelDueDate: 'Due date',
  labelBoletoPdf: 'Boleto PDF',
  labelDescription: 'Description',
  labelExternalId: 'External ID',
  labelTxid: 'TXID',
  labelPaid: 'Paid',
  labelRefunded: 'Refunded',
  labelFailure: 'Failure',
  labelExpires: 'Expires',
  labelCreated: 'Created',
  labelSplit: 'Split',
  labelCheckoutUrl: 'Checkout URL',
  cardVoided: 'voided',
  cardDeclined: 'declined',
  cardCaptured: 'captured',
  cardAuthorisedNotCaptured: 'authorised, not captured',
  cardAuthorisation: 'auth {code}',
  cardInstallments: '{count}x',
  expiresIn: 'expires in {duration}',
  pastExpiry: 'past its expiry',

  // the columns of charge tables
  headerId: 'ID',
  headerStatus: 'STATUS',
  headerAmount: 'AMOUNT',
  headerCreated: 'CREATED',
  headerExternalId: 'EXTERNAL ID',
  headerDescription: 'DESCRIPTION',
  headerTxid: 'TXID',

  // charge list, charge get
  noChargesMatch: 'No charges match.',
  noCharges: 'No charges.',
  looksLikeTxid: 'that looks like a PIX txid: `paygate charge find --txid {id}` finds its charge',
  idFailed: '{id}: {message}',
  noIdsOnStdin: 'no charge ids on stdin (one a line)',
  someNotFetched: '{failures} of {total} charges could not be fetched (see the errors above)',

  // charge watch
  resumeWith: 'resume with: {command}',
  watchLine: '{status} · charge {id} {amount}',
  watchLineExpiry: '{status} · charge {id} {amount} · {expiry}',
  notPaid: 'charge {id} is {status}, not paid',

  // charge refund, cancel, capture
  confirmRefund: 'Refund {amount} of charge {id} ({status}) to the payer?',
  confirmCancel: 'Cancel charge {id} of {amount} ({status})? Its PIX code stops working.',
  yesRequiredRefund: '--yes is required to refund without a terminal (no prompt: nothing was sent)',
  yesRequiredCancel: '--yes is required to cancel without a terminal (no prompt: nothing was sent)',
  notRefunded: 'Cancelled: not refunded, nothing was sent.',
  notCancelled: 'Cancelled: not cancelled, nothing was sent.',
  // what exit 9 says may or may not have happened (commands/shared/resource-action.ts)
  refundWhat: 'the refund of charge {id}',
  cancelWhat: 'the cancel of charge {id}',
  captureWhat: 'the capture of charge {id}',
  refundAccepted: 'Charge {id}: the gateway accepted the refund{answer}; the charge is now {status}.',
  cancelAccepted: 'Charge {id}: the gateway accepted the cancellation{answer}; the charge is now {status}.',
  captureAccepted:
    'Charge {id}: the gateway accepted the capture of {amount}{answer}; the charge is now {status}.',
  refundNoun: 'refund',
  cancelNoun: 'cancellation',
  captureNoun: 'capture',
  answerNamed: '{noun} {id}',
  answerSaid: ' ({named})',
  answerSaidStatus: ' ({named}: {status})',
  captureNotSupported:
    'this gateway has no capture endpoint: POST /v1/charges/{id}/capture answered 404 ({message}); nothing was captured',
  captureNotSupportedHint:
    'capture the charge in the gateway dashboard, or create card charges with automatic capture',

  // --pdf
  pdfNoDirectory: '--pdf: the directory {directory} does not exist (nothing was sent)',
  pdfExists: '--pdf: {file} exists; pass --force to replace it (nothing was sent)',
  pdfFailed: '--pdf: {message}',
  pdfFailedHint: 'the charge was created (shown above); download the PDF from its URL later',
  pdfUrlNotUrl: "the gateway's pdf_url {url} is not a URL",
  pdfUrlNotHttp: "the gateway's pdf_url is not http(s): {protocol}",
  pdfCouldNotFetch: 'could not fetch {url}: {message}',
  pdfAnsweredHttp: '{url} answered HTTP {status}',
  pdfDeclaredOverLimit: 'the PDF is {size} bytes, over the {limit}-byte limit',
  pdfOverLimit: 'the PDF is over the {limit}-byte limit',
  pdfNoContentType: 'no content type',
  pdfNotAPdf: '{url} did not answer a PDF ({type})',
  pdfTooShort: 'the answer was empty or too short to be a PDF',
  pdfExistsNow: '--pdf: {file} exists now ({code}); not replaced',

  // the rules of a charge's request (request-rules.ts)
  problemNothingSent: '{problem} (nothing was sent)',
  problemsNothingSent: {
    one: '{count} problem, nothing was sent:\n{problems}',
    other: '{count} problems, nothing was sent:\n{problems}',
  },
  dueDateOnSaturday:
    "the boleto's due date {date} falls on a Saturday: banks take it without a late fee on the next business day (a weekday avoids this)",
  dueDateOnSunday:
    "the boleto's due date {date} falls on a Sunday: banks take it without a late fee on the next business day (a weekday avoids this)",

  // the questions of an interactive charge create (prompts.ts)
  askPayerName: "Payer's name:",
  askDescription: 'Description shown to the payer (optional):',
  descriptionTooLong: 'description: at most {max} characters ({length})',
  askExpiresIn: 'Expires in (60s to 1d):',
  askCardToken: 'Card token (tok_…, from `paygate token card`):',
  cardTokenOneWord: 'card token: one word, such as tok_a1b2c3 (`paygate token card` makes one)',
  askBillingAddress:
    'Billing address (street,number,city,UF,CEP or street,number,complemento,bairro,city,UF,CEP):',
  askInstallments: 'Installments (1 to 12):',
  installmentsRange: 'installments: a whole number from 1 to 12',
  askDueDate: 'Due date (YYYY-MM-DD, or +3d):',
  askPayerDocument: "Payer's CPF or CNPJ:",
  documentCheckDigits:
    'CPF/CNPJ: not a valid {kind}: its check digits (the last two) do not match the others (a typo?)',
  documentLength: 'CPF/CNPJ: not a CPF (11 digits) or CNPJ (14 digits): {length} characters',
  askCardHow: 'The card:',
  choiceTypeToken: 'Type a card token (tok_…)',
  choiceTokenize: 'Tokenize a card now (hidden prompts, with the public key)',
  cardTokenized: 'Card tokenized: {id}',
  amountRequired: '--amount is required (no prompt without a terminal: pass it as a flag)',
  askAmount: 'Amount (centavos like 1500, or reais like 15,00):',
  askSplit: 'Split this charge with other sellers?',
  askSplitFirst: 'Split entry (SELLER=SHARE[:description], e.g. 1002=30% or vendor@example.com=15,00):',
  askSplitNext: 'Split entry {number}:',
  splitSoFar: 'Split so far: {guidance}.',
  bareShare: '{amount} is {amount} centavos (a bare number is money); for a percentage, type {amount}%',
  askAnotherSplit: 'Add another split entry?',
  // the account's own seller in the split's guidance when the profile does not know it
  ownSellerIdUnknown: 'YOUR_SELLER_ID',
  answersAsCommand: 'Your answers, as a command to run again:\n  {command}',

  // the body of charge create, drafted from flags and files (draft.ts)
  fileNotJson: '{flag}: {path} is not valid JSON',
  fileTooDeep: '{flag}: {path} is nested deeper than {depth} levels',
  onlyWithMethod: 'only with --method {methods}',
  or: ' or ',
  and: ' and ',
  fromFileNotObject: '--from-file: must hold a JSON object (the request body)',
  fromFileUnknownField:
    '--from-file: unknown field {unknown}; the fields are {fields} ({pixFields} go inside "pix")',
  metadataKeyValue: '{entry} must be key=value',
  splitOneOrOther: '--split and --split-file: give one or the other',
  splitFileNotArray: '--split-file: must hold a JSON array of split entries',
  splitNotArray: 'must be an array of split entries',

  // charge find
  bareChargeId: 'that is a charge id: `paygate charge get {value}`',
  bareTxid: '`paygate charge find --txid {value}` (or --external-id if it is yours)',
  bareOther: '`paygate charge find --external-id {value}`',
  bareValue: 'charge find takes --txid or --external-id, not a bare value; {way}',
  exactlyOneSearch: 'give exactly one of --txid and --external-id',
  notTxid: '--txid: {value} is not a PIX txid: 26 to 35 letters and digits',
  externalIdEmpty: '--external-id: must not be empty',
  searchTxid: 'txid',
  searchExternalId: 'external id',
  scanning: 'Scanning charges for {label} {value}…',
  notFoundIncomplete:
    'no charge with {label} {value} in what was searched, but the search did not reach the end of the list: {reason}',
  raiseMaxPages: 'raise --max-pages to look further back',
  notFound: 'no charge with {label} {value}',
  reusedExternalId: '{count} charges have {label} {value}: listing them all, newest first',

  // charge create --external-id: a charge that already has it
  externalIdCharge: '{id} ({status}, {amount})',
  externalIdExists: {
    one: 'A charge with external id {externalId} already exists: {charge}.',
    other: '{count} charges with external id {externalId} already exist, the newest listed: {charge}.',
  },
  externalIdCreateAnother: 'Create another charge with external id {externalId}?',
  externalIdCreatingAnother: {
    one: 'a charge with external id {externalId} already exists: {charge}; creating another (--unique-external-id refuses instead)',
    other:
      '{count} charges with external id {externalId} already exist, the newest listed: {charge}; creating another (--unique-external-id refuses instead)',
  },
  externalIdTaken: {
    one: 'a charge with external id {externalId} already exists: {charge}; nothing was sent (--unique-external-id)',
    other:
      '{count} charges with external id {externalId} already exist, the newest listed: {charge}; nothing was sent (--unique-external-id)',
  },
  externalIdFindHint: {
    one: 'see it with `paygate charge find --external-id {externalId}`',
    other: 'see them with `paygate charge find --external-id {externalId}`',
  },
  externalIdNotChecked:
    'could not check whether a charge with external id {externalId} already exists ({reason}); creating it',
  externalIdUncheckable:
    'could not check whether a charge with external id {externalId} already exists ({reason}); nothing was sent (--unique-external-id)',

  // charge create --from-csv
  csvNoRows: '--from-csv: the file has no rows',
  rowColumn: 'row {line}, {column}',
  csvKeyReused: 'row {line}, {column}: {key} is also the key of row {first} (one charge per key)',
  csvExternalIdShared:
    'row {line}, external_id: {externalId} is also the external_id of row {sharing} (a keyed charge is found again by its external_id: one per row)',
  csvMoreProblems: '  … and {count} more',
  csvProblems: {
    one: '--from-csv: {count} problem, nothing was sent:\n{problems}',
    other: '--from-csv: {count} problems, nothing was sent:\n{problems}',
  },
  csvUnreadable: '--from-csv: {message}',
  csvNoKeyColumn: '--key-column: the file has no column {column} (its columns: {columns})',
  csvNoColumns: 'none',
  csvUnknownColumn:
    '--from-csv: unknown column {unknown}; the columns are {columns}, metadata.NAME, and the key column',
  csvRow: 'row {line}: {text}',
  csvDryRun: {
    // English said `1 rows` before the catalog: kept byte-identical (docs/language.md).
    one: '{count} rows checked: nothing was sent (--dry-run).',
    other: '{count} rows checked: nothing was sent (--dry-run).',
  },
  csvSummary: '{created} created, {already} already created, {refused} refused{more}{stopped}',
  csvSummaryUnknown: ', {count} unknown',
  csvSummaryFailed: ', {count} failed',
  csvSummaryStopped: '; stopped after row {line}: {count} rows not tried',
  csvRowsRefused: {
    one: '{count} row was refused by the gateway (see the result lines)',
    other: '{count} rows were refused by the gateway (see the result lines)',
  },
  csvRowsRefusedHint: 'fix those rows and run the same file again: rows already created are skipped',

  // charge create --key (keyed.ts)
  keyOutcomeUnknown: 'the outcome of the previous run with --key {key} is unknown; this run sent nothing',
  keyOutcomeUnknownHint: 'run `{command}`: it finds the charge by its external_id (or proves there is none)',
  keyOtherAmount:
    '--key {key} already created a charge of {made} ({id}); this run asks for {asked}: nothing was sent',
  keyOtherAmountHint: 'a new charge needs a new --key',
  keyMarkUnreadable:
    'charge {id} on the gateway has external_id {externalId} and shows no metadata, where --key {key} keeps its mark: cannot tell whether this key already made it; this run sent nothing',
  keyMarkUnreadableHint:
    'look at it with `paygate charge get {id}`: if this key made it, nothing is to be done; if not, create the charge with another --external-id',
  keyFoundOnGateway:
    'Already made with --key {key}, found on the gateway: charge {id} (external_id {externalId}).',
  keyRetry: '--key {key}: {reason}; trying again.',
  keyMadeBeforeRetry:
    'The gateway answered 429 to --key {key}, but had made charge {id} (found on the gateway by external_id {externalId}): not sent again.',

  // charge reconcile
  reconcileKeyRequired: '--key is required: the journal key of the run to settle',
  reconcileNoEntry: 'no charge journal entry for --key {key} (in {location})',
  reconcileNoEntryHint: 'check the key and the profile (or PAYGATE_BASE_URL) of the run that used it',
  reconcileAlreadySettled: '--key {key}: already settled, charge {id}',
  reconcileNothingSent: '--key {key}: no charge was sent ({state}); nothing to settle, a rerun creates it',
  reconcileCreated: '--key {key}: settled, the charge was created: {id}',
  reconcileAmbiguous: '--key {key}: {count} charges have external_id {externalId} ({ids}); settle it by hand',
  reconcileMaybe: '--key {key}: {charges}: unknown, nothing was changed',
  reconcileMaybeCharge:
    'charge {id} (external_id {externalId}) may be its, but it shows {shown}, not {amount} centavos',
  reconcileMaybeHint:
    'look at it with `paygate charge get ID` before creating the charge again with a new --key',
  reconcileIncomplete:
    '--key {key}: no charge with external_id {externalId} in what was read, but {reason}: cannot conclude; nothing was changed',
  reconcileNotCreated: '--key {key}: settled, no charge was created; a rerun creates it',
  reconcileTooEarly:
    '--key {key}: no charge with external_id {externalId} yet; a lost request may still show up until {until}',
  reconcileTooEarlyHint: 'run this again after that time',
  reconcileClockUnknown:
    "--key {key}: no charge with external_id {externalId} found, but its entry was written on host {host} with no record of that host's clock, which cannot be placed against the gateway's: no charge was left out for its time, and cannot conclude that none was created; nothing was changed",
  reconcileClockUnknownHint:
    "run `paygate charge reconcile --key {key}` on {host}; or, if {host}'s clock agreed with this host's within a minute, add --same-clock",
  noAmount: 'no amount',

  // codes the gateway returned, checked; split sellers by e-mail; ids and numbers typed
  invalidCodeWarning: '{warning}: {problems}.',
  invalidBoletoLine: 'WARNING: the boleto line the gateway returned is NOT valid',
  invalidPixCode: 'WARNING: the PIX code the gateway returned is NOT valid',
  payerBankRejects: "A payer's bank will reject it: do not hand it out; report it to the gateway.",
  noSellerWithEmail: '{field}: no seller with e-mail {email}',
  sellerNotActive: 'status is {status}, not active',
  sellerNotApproved: 'compliance is {status}, not approved',
  sellerPixDisabled: 'PIX is not enabled',
  sellerCannotReceive: '{field}: seller {name} cannot receive a split: {reasons}',
  notChargeId: 'id: {value} is not a charge id (ci_…)',
  positiveWholeNumber: '{flag}: {value} must be a positive whole number',
  wholeSeconds: '{flag}: must be whole seconds',
  noTokenOnStdin: 'stdin holds no card token (pipe `paygate token card --stdin` into it)',
  // charge qr (labels: tables only)
  qrLabelValid: 'Valid',
  qrLabelMerchant: 'Merchant',
  qrLabelCity: 'City',
  qrLabelAmount: 'Amount',
  qrLabelTxid: 'TXID',
  qrLabelKey: 'Key',
  qrLabelUrl: 'URL',
  qrLabelRecurrence: 'Recurrence',
  qrLabelInitiation: 'Initiation',
  qrLabelCrc: 'CRC',
  yes: 'yes',
  no: 'no',
  qrOpenAmount: 'open (the payer types it)',
  emvNothingOnStdin: 'emv: nothing on stdin: pipe the copy-and-paste code in',
  emvEmpty: 'emv: the code is empty',
  emvNotPixCode:
    'emv: not a PIX copy-and-paste code (it starts with 000201; paste the whole line, or `-` to read it from stdin)',
  emvNotValid: {
    one: 'emv: not a valid PIX code ({count} problem):\n{problems}',
    other: 'emv: not a valid PIX code ({count} problems):\n{problems}',
  },
} as const;

export type ChargeEnglish = typeof chargeEnglish;
export const sayCharge = englishTexts('charge', chargeEnglish);

/** A label or header key of this area: a plain string, the same in csv/plain whatever the language. */
export type ChargeLabel = {
  [Key in keyof ChargeEnglish]: ChargeEnglish[Key] extends `${string}{${string}` | { one: string }
    ? never
    : Key;
}[keyof ChargeEnglish];

/**
 * A label for people (in the run's language) or for scripts (`-o csv`, `-o plain`: always the
 * English one, so their bytes never depend on the language).
 */
export function chargeLabel(key: ChargeLabel, forPeople: boolean): string {
  return sayFor(sayCharge, forPeople)(key);
}

// The rules of input that the domain and the schemas check, said as sentences: those layers raise
// the fact (errors.ts `ruleBroken`), these are its words. Each key is a rule's name.
import { englishTexts } from '../catalog.js';

const rulesEnglish = {
  mustBeOneOf: '{field}: "{value}" is not one of: {values}',

  // Money (src/domain/money.ts).
  moneyNotPositive: '{field}: {value} must be positive (a money value greater than zero)',
  moneyReaisWithoutDecimals:
    '{field}: {value} is reais without decimals: write R$ {reais},00 (two decimals) or {centavos} centavos',
  moneyNotMoney:
    '{field}: {value} is not a money value: use centavos (1500) or reais with two decimals (15.00, 15,00, R$ 1.500,00, 1,500.00)',
  moneyTooLarge: '{field}: {value} is too large for a money value',
  moneyNotCentavos: '{field} is {received}, not integer centavos',
  moneyUnitUnknown:
    'the unit of {field} ({received}) is unknown: the API gives centavos only as amount, available, pending, reserved (declare it with gateway.money_unit)',
  moneyNotInUnit: '{field} is {received}, not a money value in {unit} (gateway.money_unit)',
  moneyInOtherCurrency: '{field} is {received} in {currency}, not centavos of reais',
  moneyNotAboveZero: '{field}: {value} must be greater than zero',
  smallCentavosNote: {
    one: '{field} {count} is {count} centavo, {money}',
    other: '{field} {count} is {count} centavos, {money}',
  },
  centavosReading: { one: '{field} {count} = {count} centavo', other: '{field} {count} = {count} centavos' },
  payoutCentavosNote: {
    one: '{field} {count} is {count} centavo ({money}); write {count}.00 for {meant}',
    other: '{field} {count} is {count} centavos ({money}); write {count}.00 for {meant}',
  },

  // Percentages and durations (src/domain/percent.ts, duration.ts).
  percentRange:
    '{field}: must be a percentage from 0 to 100 with at most 4 decimals, e.g. 3.99 (not {value})',
  durationInvalid:
    '{field}: {value} is not a duration: use a whole number with a unit (500ms, 90s, 30m, 2h, 1d) or seconds (90)',
  durationTooLong: '{field}: {value} is too long a duration',
  durationOverLongestWait: '{field}: {value} is longer than the longest wait paygate can keep ({longest})',

  // Due dates (src/domain/card-boleto.ts).
  dueDateInvalid: '{field}: {value} is not a date: use YYYY-MM-DD, DD/MM/YYYY or +Nd (e.g. +3d)',
  dueDateInPast: '{field}: {date} is in the past (today is {today})',

  // Card and boleto charges (src/domain/card-boleto.ts, src/schemas/card-boleto-rules.ts).
  billingAddressRequired: 'customer.address (the billing address) is required for a card charge',
  payerNameRequired: 'customer.name (the payer) is required for a boleto',
  payerDocumentRequired: 'customer.document (CPF or CNPJ) is required for a boleto',
  payerDocumentInvalid: 'customer.document is not a valid CPF or CNPJ (check digits)',
  billingAddressMissing: 'the billing address is required for a card charge',
  payerNameMissing: 'the payer is required for a boleto',
  payerDocumentMissing: 'CPF or CNPJ is required for a boleto',
  boletoDueDateNotDate: 'boleto.due_date {value} is not a date',
  boletoDueDateBeforeToday: 'boleto.due_date {date} is before today ({today})',
  boletoDueDateAfterLast: "boleto.due_date {date} is after {last}, the last date a boleto's barcode carries",
  boletoDiscountTooLarge: 'boleto.discount must be less than the amount ({amount})',
  boletoDiscountUntilNeedsDiscount: 'boleto.discount_until needs boleto.discount',
  boletoDiscountUntilNotDate: 'boleto.discount_until {value} is not a date',
  boletoDiscountUntilRange:
    'boleto.discount_until must be between today ({today}) and the due date ({dueDate})',
  cardTokenRequired: 'a card token is required (tok_… from `paygate token card`)',
  cardTokenMissing: 'a card charge needs a card token (tok_… from `paygate token card`)',
  installmentsRange: 'must be a whole number from {min} to {max}',
  captureAutoOrManual: 'must be auto or manual',
  statementDescriptorLength: 'must have 1 to {max} characters',
  boletoDateForm: 'must be a date YYYY-MM-DD (or +Nd)',
  boletoFineRange: 'must be a percentage from 0 to 100 with at most 2 decimals',
  boletoInterestRange: 'must be a percentage per month from 0 to 100 with at most 2 decimals',
  positiveAmount: 'must be a positive amount',
  instructionsLength: 'must have at most {max} characters',
  boletoDueDateMissing: 'a boleto needs a due date (YYYY-MM-DD, DD/MM/YYYY or +Nd)',

  // A boleto's line or barcode read (src/domain/boleto.ts).
  boletoFactorZero: 'factor 0000: no due date',
  boletoFactorTwice:
    'factor {factor} also means {other} (the factor restarted at 1000 on 2025-02-22); the date nearest today is shown',
  boletoFieldDigit: 'field {number} check digit: the line has {found}, its digits give {expected}',
  boletoBlockDigit: 'block {number} check digit: the line has {found}, its digits give {expected}',
  boletoGeneralDigitLine: 'general check digit: the line has {found}, its digits give {expected}',
  boletoGeneralDigitBarcode: 'general check digit: the barcode has {found}, its digits give {expected}',
  boletoConvenioProduct: 'product (1st digit): a convênio boleto starts with 8',
  boletoValueIdentifier: 'value identifier (3rd digit): {value} is not 6, 7 (mod 10) or 8, 9 (mod 11)',
  boletoSegment: 'segment (2nd digit): {value} is not a segment',
  boletoNotDigit:
    'line: {value} is not a digit; a boleto is a 47-digit bank line, a 48-digit convênio line or a 44-digit barcode (spaces and dots allowed)',
  boletoLength: {
    one: 'length: {count} digits; a boleto is a 47-digit bank line, a 48-digit convênio line or a 44-digit barcode (spaces and dots allowed)',
    other:
      'length: {count} digits; a boleto is a 47-digit bank line, a 48-digit convênio line or a 44-digit barcode (spaces and dots allowed)',
  },

  // A BR Code (Pix Copia e Cola) read (src/domain/brcode.ts).
  brEmpty: 'the code is empty',
  brTlvCutShort: 'the TLV structure is cut short at position {position}',
  brTlvBadHeader: 'the TLV structure has "{header}" where an ID and a length belong at position {position}',
  brTlvOverrun: 'field {id} declares {length} characters but only {remaining} remain',
  brAdditionalDataTlv: 'field 62 (additional data): {problem}',
  brFieldTwice: 'field {id} appears more than once',
  brPayloadFormat: 'the code must start with the payload format indicator 000201',
  brInitiation: 'field 01 (point of initiation) must be 11 or 12, not "{value}"',
  brCategoryMissing: 'field 52 (merchant category code) is missing',
  brCategoryDigits: 'field 52 (merchant category code) should be 4 digits',
  brCurrencyMissing: 'field 53 (currency) is missing',
  brCurrency: 'field 53 (currency) should be 986 (BRL), not "{value}"',
  brAmountLength: 'field 54 (amount) has {length} characters, at most {max} allowed',
  brAmountForm: 'field 54 (amount) "{value}" must be digits with an optional dot and 2 decimals',
  brCountryMissing: 'field 58 (country) is missing',
  brCountry: 'field 58 (country) should be BR, not "{value}"',
  brNameMissing: 'field 59 (merchant name) is missing',
  brNameLength: 'field 59 (merchant name) should have 1 to {max} characters',
  brCityMissing: 'field 60 (merchant city) is missing',
  brCityLength: 'field 60 (merchant city) should have 1 to {max} characters',
  brAdditionalDataMissing: 'field 62 (additional data, with the txid in 62-05) is missing',
  brTxidMissing: 'field 62-05 (txid) is missing',
  brTxidForm: 'field 62-05 (txid) "{value}" is outside the usual 1 to {max} letters and digits, or ***',
  brNoPixAccount: 'no merchant account template (26–51) with GUI {gui}',
  brKeyAndUrl: 'field {id} has both a key (01) and a URL (25); a code usually has one or the other',
  brNeitherKeyNorUrl:
    'field {id} has neither a key (01) nor a URL (25), and no Pix Automático recurrence (80-25)',
  brUrlScheme: 'field {id}-25 (URL) should not include the scheme (https://)',
  brCrcMissing: 'field 63 (CRC) is missing',
  brCrcLast: 'field 63 (CRC) must be the last field, with length 04',
  brCrcHex: 'field 63 (CRC) "{value}" must be 4 hexadecimal digits',
  brCrcMismatch: 'CRC mismatch: the code says {found}, its content gives {expected}',

  // Cards (src/domain/card.ts).
  holderNameRequired: 'the holder name is required',
  holderNameLetters: 'the holder name must have letters (the name as printed on the card)',
  cardNumberLength: 'card number must have 13 to 19 digits',
  cardNumberCheckDigit: 'card number is not valid (its check digit is wrong)',
  expiryMonthRange: 'expiry month must be 1 to 12',
  expiryYearDigits: 'expiry year must have 2 or 4 digits',
  cardExpiredYear: 'card expired in {year}',
  cardExpiredMonth: 'card expired in {month}/{year}',
  cvvDigits: 'CVV must be {length} digits',

  // Addresses (src/domain/address.ts).
  addressUnknownKey: 'unknown key {keys}; keys are {known}',
  addressFieldRequired: 'is required (an address needs street, city, state and zipcode)',
  mustBeText: 'must be text',
  addressStateFormat: 'must be 2 letters (UF)',
  addressZipcodeFormat: 'must be 8 digits (CEP)',
  addressStateNotBrazilian: '{value} is not a Brazilian state (UF), e.g. SP',
  addressNotJson: '{field}: is not valid JSON; expected {forms}',
  addressNotObject: '{field}: must be a JSON object; expected {forms}',
  addressParts: '{field}: {value} has {count} comma-separated parts; expected {forms}',
  addressProblem: '{field}: {problem}',
  addressKeyProblem: '{field}: {key} {problem}',
  addressProblemForms: '{field}: {problem}; expected {forms}',
  addressKeyProblemForms: '{field}: {key} {problem}; expected {forms}',
  addressForms:
    'street,number,city,UF,CEP (or street,city,UF,CEP) e.g. "Av. Paulista,1578,São Paulo,SP,01310-200", ' +
    'street,number,complemento,bairro,city,UF,CEP e.g. "Rua da Aurora,325,Apto 1201,Boa Vista,Recife,PE,50050-000", ' +
    'or JSON',

  // Items (src/domain/items.ts).
  itemParts: '{field}: {value} does not have three parts; expected {form}',
  itemName: '{field}: {value} has no name; expected {form}',
  itemQuantity: '{field}: {value} has a quantity that is not a positive whole number; expected {form}',
  itemUnitPrice:
    '{field}: {value} has a unit price that is not a money value (centavos like 4990, or reais like 49.90); expected {form}',
  itemForm: 'name:quantity:unit_price, e.g. "T-shirt:2:49.90"',
  itemNameRequired: '{field}: is required',
  itemQuantityPositive: '{field}: {value} must be a positive whole number',
  itemUnitPriceInteger: '{field}: {value} must be a whole number of centavos above 0',
  itemUnitPriceAboveZero:
    '{field}: must be greater than zero (or every item 0, to spread the amount over the items)',
  itemsCannotSpread:
    "{amount} cannot be spread exactly over the items' units: their unit prices add up to {total}; the gateway spreads the amount itself.",
  itemsTooLittle: '{amount} is too little to give every unit of every item at least 1 centavo.',
  itemsTotalDiffers: 'The items add up to {total}, but the charge amount is {amount}.',

  // Split entries as typed (src/domain/split-entries.ts).
  splitNoEquals: '{field}: {value} has no "="; expected {form}',
  splitSellerIdNotPositive:
    '{field}: {value} has a seller id that is not a positive integer; expected {form}',
  splitNoSeller: '{field}: {value} does not start with a seller id or an e-mail; expected {form}',
  splitShareUnreadable:
    '{field}: {value} has a share that is neither a percentage (30%) nor a money value (1500, 15.00); expected {form}',
  splitForm: 'SELLER=SHARE[:description], e.g. 42=30% or seller@example.com=15,00:commission',
  splitEmailUnresolved:
    '{field}: seller {email} has no seller id; resolve e-mails first (paygate seller find EMAIL)',
  splitSellerUnresolved:
    '{field}: the seller has no seller id; resolve e-mails first (paygate seller find EMAIL)',
  splitEntryShape: '{field}: must be an object {seller_id or email, percentage or amount} or "SELLER=SHARE"',
  unknownField: '{field}: unknown field {keys}',
  splitSellerIdNumber: '{field}.seller_id: must be a seller id (a number)',
  splitPercentageNumber: '{field}.percentage: must be a number from 0 to 100',
  splitAmountCentavos: '{field}.amount: must be integer centavos',
  splitDescriptionText: '{field}.description: must be text',

  // A CSV file (src/domain/csv.ts).
  csvQuoteNotClosed: 'line {line}: a quoted field is never closed',

  // Status words (src/domain/status.ts).
  statusWordsEmpty: '{field}: give WORD=status pairs, comma-separated (e.g. RECEIVED=paid)',
  statusWordsEntry: '{field}: {entry} is not WORD=status (e.g. RECEIVED=paid)',
  statusWordsTarget: "{field}: {entry}: {target} is not one of the API's statuses ({statuses})",
  statusWordsOwn: '{field}: {word} is a status of the API itself and cannot be redefined',
  statusWordsTwice: '{field}: {word} is declared twice, as {earlier} and as {status}',

  // A charge request's rules (src/schemas/charge-rules.ts).
  paymentMethodRequired: 'is required ("pix", "card" or "boleto")',
  paymentMethodInvalid: 'must be "pix", "card" or "boleto" (got {value})',
  paymentMethodUnsupported: '"{value}" is not a method: use "card" (credit, with installments)',
  pixOnlyForPix: 'only for PIX charges: a card or boleto charge has no pix part',
  shippingShape: 'must be an object {address: {...}}',
  itemsShape: 'must be an array of {name, quantity, unit_price}',
  amountRequired: 'is required (centavos)',
  amountPositiveCentavos: '{value} must be a positive whole number of centavos',
  amountBrCodeMax: 'must be at most {max} centavos (the largest a BR Code can carry)',
  amountBoletoMax: 'must be at most {max} centavos for a boleto',
  currencyCode: 'must be a 3-letter currency code (BRL)',
  currencyBrl: 'must be BRL for {method} (got {value})',
  pixShape: 'must be an object {keys}',
  unknownFieldRule: 'unknown field {keys}',
  wholeSeconds: 'must be a whole number of seconds',
  expiryOutOfRangeFlag: '{field}: {duration} is out of range: from 60s to 1d ({min} to {max} seconds)',
  expiryOutOfRange: '{duration} is out of range: from 60s to 1d ({min} to {max} seconds)',
  descriptionLength: 'has {length} characters, at most {max} allowed',
  mustBeObject: 'must be an object',
  emailInvalid: '{value} is not an e-mail address',
  documentInvalid: '{value} is not a valid CPF or CNPJ (check digits)',
  phoneInvalid: '{value} is not a phone number (e.g. +55 11 91234-5678)',
  zipcodeInvalid: 'must be a CEP of 8 digits (01310-100)',
  stateInvalid: 'must be 2 letters (UF), e.g. SP',
  addressShape: 'must be an object {street, city, state, zipcode, ...}',
  metadataShape: 'must be an object of key-value pairs',
  nonEmptyText: 'must be non-empty text',
  positiveWholeNumber: 'must be a positive whole number',
  httpUrl: 'must be an absolute http:// or https:// URL',
  httpUrlFlag: '{field}: must be an absolute http:// or https:// URL',
  portNumberFlag: '{field}: must be a port number from 0 to 65535 (0: any free port)',
  checkoutShape: 'must be an object {mode: "redirect", success_url, cancel_url}',
  checkoutRedirect: 'must be "redirect"',

  // A split's rules and what its preview warns of (src/domain/split.ts, split-progress.ts).
  splitAmountPositive: 'amount: {value} must be a positive integer number of centavos',
  splitFeeRateRange: 'fee_rate: {value} must be a percentage between 0 and 100',
  splitMixedModes: 'split: percentage entries and fixed-amount entries cannot be mixed in one split',
  splitBareShare:
    '{field}: {amount} is {money} (a bare number is centavos); for a percentage write {amount}%',
  splitAmountTotal: 'split: fixed amounts total {total}, more than the charge amount {amount}',
  splitSellerIdPositive: '{field}.seller_id: {value} must be a positive integer',
  splitSellerRequired: '{field}: needs a seller (a seller id or an e-mail)',
  splitDescriptionLength: '{field}.description: {length} characters, at most {max} allowed',
  splitBothShares: '{field}: has both a percentage and an amount; give exactly one',
  splitNoShare: '{field}: has neither a percentage nor an amount; give exactly one',
  splitPercentageRange: '{field}.percentage: {value} must be between 0 and 100',
  splitAmountInteger: '{field}.amount: {value} must be an integer number of centavos',
  splitPercentageTotal: 'split: percentages total {total}%, they must total 100 (tolerance {tolerance})',
  splitMinimum: '{field}: comes to {amount} centavos; every split entry must receive at least 1 centavo',
  splitDebited:
    'The split entries add up to more than the net value {net}: the main seller would be debited {debited}.',
  splitRestStays: 'The percentages total {total}%: the remaining {rest} stays with the main seller.',
  splitProgressUnder:
    'percentages total {total}%: they must total 100; add the other {rest}%, e.g. your own share as {seller}={rest}%',
  splitProgressComplete: 'percentages total {total}%: the split is complete',
  splitProgressFixed: 'fixed amounts total {fixed} of {amount}',
  splitProgressFixedKeep: 'fixed amounts total {fixed} of {amount}; you keep {rest} after the fee',
} as const;

export type RulesEnglish = typeof rulesEnglish;
export const sayRule = englishTexts('rules', rulesEnglish);

import { portuguese } from '../catalog.js';
import type { RulesEnglish } from '../en/rules.js';

export const rulesPortuguese = portuguese<RulesEnglish>()({
  mustBeOneOf: '{field}: "{value}" não é um destes: {values}',

  moneyNotPositive: '{field}: {value} deve ser positivo (um valor maior que zero)',
  moneyReaisWithoutDecimals:
    '{field}: {value} são reais sem centavos: escreva R$ {reais},00 (duas casas decimais) ou {centavos} centavos',
  moneyNotMoney:
    '{field}: {value} não é um valor: use centavos (1500) ou reais com duas casas decimais (15,00, 15.00, R$ 1.500,00, 1,500.00)',
  moneyTooLarge: '{field}: {value} é grande demais para um valor',
  moneyNotCentavos: '{field} é {received}, não um número inteiro de centavos',
  moneyUnitUnknown:
    'a unidade de {field} ({received}) é desconhecida: a API só dá centavos em amount, available, pending, reserved (declare-a com gateway.money_unit)',
  moneyNotInUnit: '{field} é {received}, não um valor em {unit} (gateway.money_unit)',
  moneyInOtherCurrency: '{field} é {received} em {currency}, não centavos de real',
  moneyNotAboveZero: '{field}: {value} deve ser maior que zero',
  smallCentavosNote: {
    one: '{field} {count} é {count} centavo, {money}',
    other: '{field} {count} são {count} centavos, {money}',
  },
  centavosReading: { one: '{field} {count} = {count} centavo', other: '{field} {count} = {count} centavos' },
  payoutCentavosNote: {
    one: '{field} {count} é {count} centavo ({money}); escreva {count}.00 para {meant}',
    other: '{field} {count} são {count} centavos ({money}); escreva {count}.00 para {meant}',
  },

  percentRange:
    '{field}: deve ser uma porcentagem de 0 a 100 com até 4 casas decimais, ex.: 3,99 (não {value})',
  durationInvalid:
    '{field}: {value} não é uma duração: use um número inteiro com unidade (500ms, 90s, 30m, 2h, 1d) ou segundos (90)',
  durationTooLong: '{field}: {value} é uma duração longa demais',
  durationOverLongestWait:
    '{field}: {value} passa da espera mais longa que o paygate consegue manter ({longest})',

  dueDateInvalid: '{field}: {value} não é uma data: use DD/MM/AAAA, AAAA-MM-DD ou +Nd (ex.: +3d)',
  dueDateInPast: '{field}: {date} já passou (hoje é {today})',

  billingAddressRequired: 'customer.address (o endereço de cobrança) é obrigatório numa cobrança no cartão',
  payerNameRequired: 'customer.name (o nome do pagador) é obrigatório num boleto',
  payerDocumentRequired: 'customer.document (CPF ou CNPJ) é obrigatório num boleto',
  payerDocumentInvalid: 'customer.document não é um CPF ou CNPJ válido (dígitos verificadores)',
  billingAddressMissing: 'o endereço de cobrança é obrigatório numa cobrança no cartão',
  payerNameMissing: 'o nome do pagador é obrigatório num boleto',
  payerDocumentMissing: 'CPF ou CNPJ é obrigatório num boleto',
  boletoDueDateNotDate: 'boleto.due_date {value} não é uma data',
  boletoDueDateBeforeToday: 'boleto.due_date {date} é anterior a hoje ({today})',
  boletoDueDateAfterLast:
    'boleto.due_date {date} é posterior a {last}, o último vencimento que o código de barras comporta',
  boletoDiscountTooLarge: 'boleto.discount deve ser menor que o valor ({amount})',
  boletoDiscountUntilNeedsDiscount: 'boleto.discount_until exige boleto.discount',
  boletoDiscountUntilNotDate: 'boleto.discount_until {value} não é uma data',
  boletoDiscountUntilRange:
    'boleto.discount_until deve estar entre hoje ({today}) e o vencimento ({dueDate})',
  cardTokenRequired: 'o token do cartão é obrigatório (tok_… de `paygate token card`)',
  cardTokenMissing: 'uma cobrança no cartão precisa de um token (tok_… de `paygate token card`)',
  installmentsRange: 'deve ser um número inteiro de {min} a {max}',
  captureAutoOrManual: 'deve ser auto ou manual',
  statementDescriptorLength: 'deve ter de 1 a {max} caracteres',
  boletoDateForm: 'deve ser uma data AAAA-MM-DD (ou +Nd)',
  boletoFineRange: 'deve ser uma porcentagem de 0 a 100 com até 2 casas decimais',
  boletoInterestRange: 'deve ser uma porcentagem ao mês de 0 a 100 com até 2 casas decimais',
  positiveAmount: 'deve ser um valor positivo',
  instructionsLength: 'deve ter no máximo {max} caracteres',
  boletoDueDateMissing: 'um boleto precisa de vencimento (DD/MM/AAAA, AAAA-MM-DD ou +Nd)',

  boletoFactorZero: 'fator 0000: sem vencimento',
  boletoFactorTwice:
    'o fator {factor} também indica {other} (o fator recomeçou em 1000 em 22/02/2025); mostramos a data mais próxima de hoje',
  boletoFieldDigit: 'dígito verificador do campo {number}: a linha tem {found}, os dígitos dão {expected}',
  boletoBlockDigit: 'dígito verificador do bloco {number}: a linha tem {found}, os dígitos dão {expected}',
  boletoGeneralDigitLine: 'dígito verificador geral: a linha tem {found}, os dígitos dão {expected}',
  boletoGeneralDigitBarcode:
    'dígito verificador geral: o código de barras tem {found}, os dígitos dão {expected}',
  boletoConvenioProduct: 'produto (1º dígito): um boleto de convênio começa com 8',
  boletoValueIdentifier:
    'identificador de valor (3º dígito): {value} não é 6, 7 (módulo 10) nem 8, 9 (módulo 11)',
  boletoSegment: 'segmento (2º dígito): {value} não é um segmento',
  boletoNotDigit:
    'linha: {value} não é um dígito; um boleto é uma linha digitável de 47 dígitos (banco), de 48 (convênio) ou um código de barras de 44 (espaços e pontos são aceitos)',
  boletoLength: {
    one: 'tamanho: {count} dígito; um boleto é uma linha digitável de 47 dígitos (banco), de 48 (convênio) ou um código de barras de 44 (espaços e pontos são aceitos)',
    other:
      'tamanho: {count} dígitos; um boleto é uma linha digitável de 47 dígitos (banco), de 48 (convênio) ou um código de barras de 44 (espaços e pontos são aceitos)',
  },

  brEmpty: 'o código está vazio',
  brTlvCutShort: 'a estrutura TLV termina antes da hora na posição {position}',
  brTlvBadHeader:
    'a estrutura TLV tem "{header}" onde deveriam estar um ID e um tamanho, na posição {position}',
  brTlvOverrun: 'o campo {id} declara {length} caracteres, mas só restam {remaining}',
  brAdditionalDataTlv: 'campo 62 (dados adicionais): {problem}',
  brFieldTwice: 'o campo {id} aparece mais de uma vez',
  brPayloadFormat: 'o código deve começar com o indicador de formato 000201',
  brInitiation: 'o campo 01 (método de iniciação) deve ser 11 ou 12, não "{value}"',
  brCategoryMissing: 'falta o campo 52 (código de categoria do recebedor)',
  brCategoryDigits: 'o campo 52 (código de categoria do recebedor) deveria ter 4 dígitos',
  brCurrencyMissing: 'falta o campo 53 (moeda)',
  brCurrency: 'o campo 53 (moeda) deveria ser 986 (BRL), não "{value}"',
  brAmountLength: 'o campo 54 (valor) tem {length} caracteres, no máximo {max} permitidos',
  brAmountForm: 'o campo 54 (valor) "{value}" deve ter dígitos com um ponto opcional e 2 casas decimais',
  brCountryMissing: 'falta o campo 58 (país)',
  brCountry: 'o campo 58 (país) deveria ser BR, não "{value}"',
  brNameMissing: 'falta o campo 59 (nome do recebedor)',
  brNameLength: 'o campo 59 (nome do recebedor) deveria ter de 1 a {max} caracteres',
  brCityMissing: 'falta o campo 60 (cidade do recebedor)',
  brCityLength: 'o campo 60 (cidade do recebedor) deveria ter de 1 a {max} caracteres',
  brAdditionalDataMissing: 'falta o campo 62 (dados adicionais, com o txid em 62-05)',
  brTxidMissing: 'falta o campo 62-05 (txid)',
  brTxidForm: 'o campo 62-05 (txid) "{value}" foge do usual: de 1 a {max} letras e dígitos, ou ***',
  brNoPixAccount: 'nenhum modelo de conta do recebedor (26–51) com GUI {gui}',
  brKeyAndUrl: 'o campo {id} tem chave Pix (01) e URL (25); um código costuma ter só uma das duas',
  brNeitherKeyNorUrl:
    'o campo {id} não tem chave Pix (01) nem URL (25), nem recorrência do Pix Automático (80-25)',
  brUrlScheme: 'o campo {id}-25 (URL) não deveria incluir o esquema (https://)',
  brCrcMissing: 'falta o campo 63 (CRC)',
  brCrcLast: 'o campo 63 (CRC) deve ser o último, com tamanho 04',
  brCrcHex: 'o campo 63 (CRC) "{value}" deve ter 4 dígitos hexadecimais',
  brCrcMismatch: 'CRC não confere: o código diz {found}, o conteúdo dá {expected}',

  holderNameRequired: 'o nome do titular é obrigatório',
  holderNameLetters: 'o nome do titular deve ter letras (o nome impresso no cartão)',
  cardNumberLength: 'o número do cartão deve ter de 13 a 19 dígitos',
  cardNumberCheckDigit: 'o número do cartão não é válido (o dígito verificador não confere)',
  expiryMonthRange: 'o mês de validade deve ser de 1 a 12',
  expiryYearDigits: 'o ano de validade deve ter 2 ou 4 dígitos',
  cardExpiredYear: 'cartão vencido em {year}',
  cardExpiredMonth: 'cartão vencido em {month}/{year}',
  cvvDigits: 'o CVV deve ter {length} dígitos',

  addressUnknownKey: 'chave desconhecida {keys}; as chaves são {known}',
  addressFieldRequired: 'é obrigatório (um endereço precisa de street, city, state e zipcode)',
  mustBeText: 'deve ser texto',
  addressStateFormat: 'deve ter 2 letras (UF)',
  addressZipcodeFormat: 'deve ter 8 dígitos (CEP)',
  addressStateNotBrazilian: '{value} não é um estado brasileiro (UF), ex.: SP',
  addressNotJson: '{field}: não é um JSON válido; esperado {forms}',
  addressNotObject: '{field}: deve ser um objeto JSON; esperado {forms}',
  addressParts: '{field}: {value} tem {count} partes separadas por vírgula; esperado {forms}',
  addressProblem: '{field}: {problem}',
  addressKeyProblem: '{field}: {key} {problem}',
  addressProblemForms: '{field}: {problem}; esperado {forms}',
  addressKeyProblemForms: '{field}: {key} {problem}; esperado {forms}',
  addressForms:
    'rua,número,cidade,UF,CEP (ou rua,cidade,UF,CEP) ex.: "Av. Paulista,1578,São Paulo,SP,01310-200", ' +
    'rua,número,complemento,bairro,cidade,UF,CEP ex.: "Rua da Aurora,325,Apto 1201,Boa Vista,Recife,PE,50050-000", ' +
    'ou JSON',

  itemParts: '{field}: {value} não tem três partes; esperado {form}',
  itemName: '{field}: {value} não tem nome; esperado {form}',
  itemQuantity: '{field}: {value} tem uma quantidade que não é um número inteiro positivo; esperado {form}',
  itemUnitPrice:
    '{field}: {value} tem um preço unitário que não é um valor (centavos como 4990, ou reais como 49,90); esperado {form}',
  itemForm: 'nome:quantidade:preço_unitário, ex.: "Camiseta:2:49,90"',
  itemNameRequired: '{field}: é obrigatório',
  itemQuantityPositive: '{field}: {value} deve ser um número inteiro positivo',
  itemUnitPriceInteger: '{field}: {value} deve ser um número inteiro de centavos acima de 0',
  itemUnitPriceAboveZero:
    '{field}: deve ser maior que zero (ou todos os itens 0, para distribuir o valor entre eles)',
  itemsCannotSpread:
    '{amount} não se divide exatamente entre as unidades dos itens: os preços unitários somam {total}; o gateway distribui o valor.',
  itemsTooLittle: '{amount} é pouco demais para dar ao menos 1 centavo a cada unidade de cada item.',
  itemsTotalDiffers: 'Os itens somam {total}, mas o valor da cobrança é {amount}.',

  splitNoEquals: '{field}: {value} não tem "="; esperado {form}',
  splitSellerIdNotPositive:
    '{field}: {value} tem um id de vendedor que não é um inteiro positivo; esperado {form}',
  splitNoSeller: '{field}: {value} não começa com um id de vendedor nem um e-mail; esperado {form}',
  splitShareUnreadable:
    '{field}: {value} tem uma parte que não é porcentagem (30%) nem valor (1500, 15,00); esperado {form}',
  splitForm: 'VENDEDOR=PARTE[:descrição], ex.: 42=30% ou vendedor@example.com=15,00:comissão',
  splitEmailUnresolved:
    '{field}: o vendedor {email} não tem id; resolva os e-mails antes (paygate seller find EMAIL)',
  splitSellerUnresolved:
    '{field}: o vendedor não tem id; resolva os e-mails antes (paygate seller find EMAIL)',
  splitEntryShape:
    '{field}: deve ser um objeto {seller_id ou email, percentage ou amount} ou "VENDEDOR=PARTE"',
  unknownField: '{field}: campo desconhecido {keys}',
  splitSellerIdNumber: '{field}.seller_id: deve ser um id de vendedor (um número)',
  splitPercentageNumber: '{field}.percentage: deve ser um número de 0 a 100',
  splitAmountCentavos: '{field}.amount: deve ser um número inteiro de centavos',
  splitDescriptionText: '{field}.description: deve ser texto',

  csvQuoteNotClosed: 'linha {line}: um campo entre aspas não foi fechado',

  statusWordsEmpty: '{field}: informe pares PALAVRA=status, separados por vírgula (ex.: RECEIVED=paid)',
  statusWordsEntry: '{field}: {entry} não é PALAVRA=status (ex.: RECEIVED=paid)',
  statusWordsTarget: '{field}: {entry}: {target} não é um dos status da API ({statuses})',
  statusWordsOwn: '{field}: {word} é um status da própria API e não pode ser redefinido',
  statusWordsTwice: '{field}: {word} foi declarado duas vezes, como {earlier} e como {status}',

  paymentMethodRequired: 'é obrigatório ("pix", "card" ou "boleto")',
  paymentMethodInvalid: 'deve ser "pix", "card" ou "boleto" (veio {value})',
  paymentMethodUnsupported: '"{value}" não é um meio de pagamento: use "card" (crédito, com parcelas)',
  pixOnlyForPix: 'só para cobranças Pix: uma cobrança no cartão ou boleto não tem o campo pix',
  shippingShape: 'deve ser um objeto {address: {...}}',
  itemsShape: 'deve ser uma lista de {name, quantity, unit_price}',
  amountRequired: 'é obrigatório (centavos)',
  amountPositiveCentavos: '{value} deve ser um número inteiro positivo de centavos',
  amountBrCodeMax: 'deve ser no máximo {max} centavos (o maior valor que um QR Code Pix comporta)',
  amountBoletoMax: 'deve ser no máximo {max} centavos num boleto',
  currencyCode: 'deve ser um código de moeda de 3 letras (BRL)',
  currencyBrl: 'deve ser BRL para {method} (veio {value})',
  pixShape: 'deve ser um objeto {keys}',
  unknownFieldRule: 'campo desconhecido {keys}',
  wholeSeconds: 'deve ser um número inteiro de segundos',
  expiryOutOfRangeFlag: '{field}: {duration} está fora do intervalo: de 60s a 1d ({min} a {max} segundos)',
  expiryOutOfRange: '{duration} está fora do intervalo: de 60s a 1d ({min} a {max} segundos)',
  descriptionLength: 'tem {length} caracteres, no máximo {max} permitidos',
  mustBeObject: 'deve ser um objeto',
  emailInvalid: '{value} não é um endereço de e-mail',
  documentInvalid: '{value} não é um CPF ou CNPJ válido (dígitos verificadores)',
  phoneInvalid: '{value} não é um telefone (ex.: +55 11 91234-5678)',
  zipcodeInvalid: 'deve ser um CEP de 8 dígitos (01310-100)',
  stateInvalid: 'deve ter 2 letras (UF), ex.: SP',
  addressShape: 'deve ser um objeto {street, city, state, zipcode, ...}',
  metadataShape: 'deve ser um objeto de pares chave-valor',
  nonEmptyText: 'deve ser um texto não vazio',
  positiveWholeNumber: 'deve ser um número inteiro positivo',
  httpUrl: 'deve ser uma URL absoluta http:// ou https://',
  httpUrlFlag: '{field}: deve ser uma URL absoluta http:// ou https://',
  portNumberFlag: '{field}: deve ser um número de porta de 0 a 65535 (0: qualquer porta livre)',
  checkoutShape: 'deve ser um objeto {mode: "redirect", success_url, cancel_url}',
  checkoutRedirect: 'deve ser "redirect"',

  splitAmountPositive: 'amount: {value} deve ser um número inteiro positivo de centavos',
  splitFeeRateRange: 'fee_rate: {value} deve ser uma porcentagem entre 0 e 100',
  splitMixedModes: 'split: um split não pode misturar porcentagens e valores fixos',
  splitBareShare:
    '{field}: {amount} é {money} (um número sem unidade é centavos); para porcentagem escreva {amount}%',
  splitAmountTotal: 'split: os valores fixos somam {total}, mais que o valor da cobrança {amount}',
  splitSellerIdPositive: '{field}.seller_id: {value} deve ser um número inteiro positivo',
  splitSellerRequired: '{field}: falta o vendedor (um id de vendedor ou um e-mail)',
  splitDescriptionLength: '{field}.description: {length} caracteres, no máximo {max} permitidos',
  splitBothShares: '{field}: tem porcentagem e valor; informe só um dos dois',
  splitNoShare: '{field}: não tem porcentagem nem valor; informe um dos dois',
  splitPercentageRange: '{field}.percentage: {value} deve estar entre 0 e 100',
  splitAmountInteger: '{field}.amount: {value} deve ser um número inteiro de centavos',
  splitPercentageTotal: 'split: as porcentagens somam {total}%, devem somar 100% (tolerância de {tolerance})',
  splitMinimum: '{field}: dá {amount} centavos; cada vendedor do split deve receber ao menos 1 centavo',
  splitDebited:
    'As partes do split somam mais que o valor líquido {net}: o vendedor principal seria debitado em {debited}.',
  splitRestStays: 'As porcentagens somam {total}%: os {rest} restantes ficam com o vendedor principal.',
  splitProgressUnder:
    'as porcentagens somam {total}% e devem somar 100%: acrescente os {rest}% que faltam, ex.: a sua parte como {seller}={rest}%',
  splitProgressComplete: 'as porcentagens somam {total}%: o split está completo',
  splitProgressFixed: 'os valores fixos somam {fixed} de {amount}',
  splitProgressFixedKeep: 'os valores fixos somam {fixed} de {amount}; você fica com {rest} depois da taxa',
});

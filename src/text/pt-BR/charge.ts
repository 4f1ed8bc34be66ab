import { portuguese } from '../catalog.js';
import type { ChargeEnglish } from '../en/charge.js';

export const chargePortuguese = portuguese<ChargeEnglish>()({
  outcomeUnknown:
    'a cobrança pode ou não ter sido criada: nenhuma resposta chegou depois do envio ({message})',
  outcomeUnknownAnswered:
    'a cobrança pode ou não ter sido criada: a resposta do gateway não diz se ela foi criada ({message})',
  outcomeUnknownHintExternalId:
    'confira com `paygate charge find --external-id {externalId}` antes de criá-la de novo',
  outcomeUnknownHintList:
    'confira com `paygate charge list --limit 5` antes de criá-la de novo; da próxima vez passe ' +
    '--external-id, para que `paygate charge find --external-id ID` diga se ela foi criada',
  alreadyCreated: 'Já criada com --key {key}: cobrança {id}. Nada novo foi enviado.',
  createdDeclined: 'Cobrança {id} recusada (status {status}): não foi paga.',
  createdFailed: 'Cobrança {id} falhou (status {status}): não foi paga.',
  created: '✓ Cobrança {id} criada',
  chargeIsStatus: 'a cobrança {id} está com status {status}',
  chargeIsStatusBecause: 'a cobrança {id} está com status {status}: {reason}',
  pdfNoUrl: '--pdf: o gateway não enviou pdf_url para este boleto; nada foi baixado',
  pdfSaved: 'PDF do boleto salvo em {file} ({size} KB).',

  sellerLookedUpWhenCreated: '<o vendedor de {email}, buscado ao criar>',
  requestBody: 'Corpo da requisição (POST /v1/charges):',
  feeAndSplit: 'Taxa e split (estimativa, taxa de {rate}%):',
  itemsSpread: 'Itens (o valor dividido entre eles):',
  items: 'Itens:',
  pixAddress: 'Endereço Pix',
  pixAddressFrom: '{label} (origem: {source}): {address}',
  pixAddressGenericDefault: 'padrão genérico',
  splitByEmailLookedUp:
    'Partes do split dadas por e-mail só são buscadas (e conferidas) ao criar a cobrança.',
  dryRunNothingSent: 'Simulação: nada foi enviado.',
  previewAmount: 'Valor',
  previewFee: 'Taxa',
  previewNet: 'Líquido',
  previewMainSeller: 'Vendedor principal',
  previewDescription: 'Descrição',
  previewExpiresIn: 'Expira em',
  seller: 'vendedor {id}',
  sellerNamed: '{name} ({id})',
  confirmHeading: 'A cobrança (taxa de {rate}%, uma estimativa):',
  confirmCreate: 'Criar esta cobrança?',
  confirmSmallAmount: 'Criar uma cobrança de {amount}?',
  splitEntryCount: '{actual} partes em vez de {expected}',
  splitEntryGets: '{who} recebe {actual}, a prévia dizia {expected}',
  splitDiffers:
    'o split do gateway difere da prévia local (taxa de {rate}%; valem os números dele): {differences}',

  pixCopyPaste: 'Pix Copia e Cola:',
  qrTerminalColours:
    'O QR code usa as cores do seu terminal (cores desligadas): com fundo escuro, ' +
    'rode `paygate config set qr plain-dark`, ou `paygate config set qr color` para preto no branco.',
  qrNotShown:
    'a cobrança {id} está com status {status}: o QR code não é mostrado, ele não receberia pagamento',
  noPixCode: 'esta cobrança não tem código Pix (pix.emv) para mostrar',

  labelId: 'ID',
  labelStatus: 'Situação',
  labelAmount: 'Valor',
  labelFee: 'Taxa',
  labelNet: 'Líquido',
  labelMethod: 'Pagamento',
  methodCard: 'cartão',
  methodBoleto: 'boleto',
  labelCard: 'Cartão',
  labelCaptureBy: 'Capturar até',
  labelBoletoLine: 'Linha digitável',
  labelDueDate: 'Vencimento',
  labelBoletoPdf: 'PDF do boleto',
  labelDescription: 'Descrição',
  labelExternalId: 'ID externo',
  labelTxid: 'TXID',
  labelPaid: 'Paga em',
  labelRefunded: 'Estornada em',
  labelFailure: 'Falha',
  labelExpires: 'Expira em',
  labelCreated: 'Criada em',
  labelSplit: 'Split',
  labelCheckoutUrl: 'URL de checkout',
  cardVoided: 'anulado',
  cardDeclined: 'recusado',
  cardCaptured: 'capturado',
  cardAuthorisedNotCaptured: 'autorizado, não capturado',
  cardAuthorisation: 'autorização {code}',
  cardInstallments: '{count}x',
  expiresIn: 'expira em {duration}',
  pastExpiry: 'já expirou',

  headerId: 'ID',
  headerStatus: 'SITUAÇÃO',
  headerAmount: 'VALOR',
  headerCreated: 'CRIADA EM',
  headerExternalId: 'ID EXTERNO',
  headerDescription: 'DESCRIÇÃO',
  headerTxid: 'TXID',

  noChargesMatch: 'Nenhuma cobrança encontrada.',
  noCharges: 'Nenhuma cobrança.',
  looksLikeTxid: 'isso parece um txid Pix: `paygate charge find --txid {id}` encontra a cobrança',
  idFailed: '{id}: {message}',
  noIdsOnStdin: 'nenhum id de cobrança no stdin (um por linha)',
  someNotFetched: '{failures} de {total} cobranças não puderam ser buscadas (veja os erros acima)',

  resumeWith: 'para retomar: {command}',
  watchLine: '{status} · cobrança {id} {amount}',
  watchLineExpiry: '{status} · cobrança {id} {amount} · {expiry}',
  notPaid: 'a cobrança {id} está com status {status}, não foi paga',

  confirmRefund: 'Estornar {amount} da cobrança {id} ({status}) para o pagador?',
  confirmCancel: 'Cancelar a cobrança {id} de {amount} ({status})? O código Pix deixa de funcionar.',
  yesRequiredRefund: '--yes é obrigatório para estornar sem um terminal (sem pergunta: nada foi enviado)',
  yesRequiredCancel: '--yes é obrigatório para cancelar sem um terminal (sem pergunta: nada foi enviado)',
  notRefunded: 'Cancelado: nada foi estornado nem enviado.',
  notCancelled: 'Cancelado: a cobrança não foi cancelada, nada foi enviado.',
  refundWhat: 'o estorno da cobrança {id}',
  cancelWhat: 'o cancelamento da cobrança {id}',
  captureWhat: 'a captura da cobrança {id}',
  refundAccepted: 'Cobrança {id}: o gateway aceitou o estorno{answer}; status da cobrança agora: {status}.',
  cancelAccepted:
    'Cobrança {id}: o gateway aceitou o cancelamento{answer}; status da cobrança agora: {status}.',
  captureAccepted:
    'Cobrança {id}: o gateway aceitou a captura de {amount}{answer}; status da cobrança agora: {status}.',
  refundNoun: 'estorno',
  cancelNoun: 'cancelamento',
  captureNoun: 'captura',
  answerNamed: '{noun} {id}',
  answerSaid: ' ({named})',
  answerSaidStatus: ' ({named}: {status})',
  captureNotSupported:
    'este gateway não tem endpoint de captura: POST /v1/charges/{id}/capture respondeu 404 ({message}); nada foi capturado',
  captureNotSupportedHint:
    'capture a cobrança no painel do gateway, ou crie cobranças no cartão com captura automática',

  pdfNoDirectory: '--pdf: a pasta {directory} não existe (nada foi enviado)',
  pdfExists: '--pdf: {file} já existe; passe --force para substituí-lo (nada foi enviado)',
  pdfFailed: '--pdf: {message}',
  pdfFailedHint: 'a cobrança foi criada (veja acima); baixe o PDF pela URL dele depois',
  pdfUrlNotUrl: 'o pdf_url do gateway {url} não é uma URL',
  pdfUrlNotHttp: 'o pdf_url do gateway não é http(s): {protocol}',
  pdfCouldNotFetch: 'não foi possível baixar {url}: {message}',
  pdfAnsweredHttp: '{url} respondeu HTTP {status}',
  pdfDeclaredOverLimit: 'o PDF tem {size} bytes, acima do limite de {limit} bytes',
  pdfOverLimit: 'o PDF passa do limite de {limit} bytes',
  pdfNoContentType: 'sem content-type',
  pdfNotAPdf: '{url} não respondeu com um PDF ({type})',
  pdfTooShort: 'a resposta veio vazia ou curta demais para ser um PDF',
  pdfExistsNow: '--pdf: {file} passou a existir ({code}); não foi substituído',

  problemNothingSent: '{problem} (nada foi enviado)',
  problemsNothingSent: {
    one: '{count} problema, nada foi enviado:\n{problems}',
    other: '{count} problemas, nada foi enviado:\n{problems}',
  },
  dueDateOnSaturday:
    'o vencimento do boleto {date} cai num sábado: os bancos o aceitam sem multa no próximo dia útil (um dia de semana evita isso)',
  dueDateOnSunday:
    'o vencimento do boleto {date} cai num domingo: os bancos o aceitam sem multa no próximo dia útil (um dia de semana evita isso)',

  askPayerName: 'Nome do pagador:',
  askDescription: 'Descrição mostrada ao pagador (opcional):',
  descriptionTooLong: 'description: no máximo {max} caracteres ({length})',
  askExpiresIn: 'Expira em (de 60s a 1d):',
  askCardToken: 'Token do cartão (tok_…, de `paygate token card`):',
  cardTokenOneWord: 'token do cartão: uma palavra só, como tok_a1b2c3 (`paygate token card` cria um)',
  askBillingAddress:
    'Endereço de cobrança (rua,número,cidade,UF,CEP ou rua,número,complemento,bairro,cidade,UF,CEP):',
  askInstallments: 'Parcelas (de 1 a 12):',
  installmentsRange: 'parcelas: um número inteiro de 1 a 12',
  askDueDate: 'Vencimento (AAAA-MM-DD, DD/MM/AAAA ou +3d):',
  askPayerDocument: 'CPF ou CNPJ do pagador:',
  documentCheckDigits:
    'CPF/CNPJ: {kind} inválido: os dígitos verificadores (os dois últimos) não batem com os outros (erro de digitação?)',
  documentLength: 'CPF/CNPJ: não é um CPF (11 dígitos) nem um CNPJ (14 dígitos): {length} caracteres',
  askCardHow: 'O cartão:',
  choiceTypeToken: 'Digitar um token de cartão (tok_…)',
  choiceTokenize: 'Tokenizar um cartão agora (perguntas ocultas, com a chave pública)',
  cardTokenized: 'Cartão tokenizado: {id}',
  amountRequired: '--amount é obrigatório (sem terminal não há pergunta: passe-o como flag)',
  askAmount: 'Valor (em centavos, como 1500, ou em reais, como 15,00):',
  askSplit: 'Fazer split desta cobrança com outros vendedores?',
  askSplitFirst: 'Parte do split (VENDEDOR=PARTE[:descrição], ex.: 1002=30% ou vendedor@exemplo.com=15,00):',
  askSplitNext: 'Parte {number} do split:',
  splitSoFar: 'Split até agora: {guidance}.',
  bareShare:
    '{amount} são {amount} centavos (um número sozinho é dinheiro); para uma porcentagem, digite {amount}%',
  askAnotherSplit: 'Adicionar outra parte ao split?',
  ownSellerIdUnknown: 'SEU_ID_DE_VENDEDOR',
  answersAsCommand: 'Suas respostas, como um comando para rodar de novo:\n  {command}',

  fileNotJson: '{flag}: {path} não é um JSON válido',
  fileTooDeep: '{flag}: {path} tem mais de {depth} níveis aninhados',
  onlyWithMethod: 'só com --method {methods}',
  or: ' ou ',
  and: ' e ',
  fromFileNotObject: '--from-file: deve conter um objeto JSON (o corpo da requisição)',
  fromFileUnknownField:
    '--from-file: campo desconhecido {unknown}; os campos são {fields} ({pixFields} vão dentro de "pix")',
  metadataKeyValue: '{entry} deve ser chave=valor',
  splitOneOrOther: '--split e --split-file: use um ou o outro',
  splitFileNotArray: '--split-file: deve conter um array JSON com as partes do split',
  splitNotArray: 'deve ser um array com as partes do split',

  bareChargeId: 'isso é um id de cobrança: `paygate charge get {value}`',
  bareTxid: '`paygate charge find --txid {value}` (ou --external-id, se o id for seu)',
  bareOther: '`paygate charge find --external-id {value}`',
  bareValue: 'charge find recebe --txid ou --external-id, não um valor solto; {way}',
  exactlyOneSearch: 'passe exatamente um entre --txid e --external-id',
  notTxid: '--txid: {value} não é um txid Pix: de 26 a 35 letras e dígitos',
  externalIdEmpty: '--external-id: não pode ser vazio',
  searchTxid: 'txid',
  searchExternalId: 'ID externo',
  scanning: 'Procurando cobranças com {label} {value}…',
  notFoundIncomplete:
    'nenhuma cobrança com {label} {value} no que foi lido, mas a busca não chegou ao fim da lista: {reason}',
  raiseMaxPages: 'aumente --max-pages para buscar mais para trás',
  notFound: 'nenhuma cobrança com {label} {value}',
  reusedExternalId: '{count} cobranças têm {label} {value}: todas listadas, da mais recente à mais antiga',

  // charge create --external-id: uma cobrança que já o tem
  externalIdCharge: '{id} ({status}, {amount})',
  externalIdExists: {
    one: 'Já existe uma cobrança com o ID externo {externalId}: {charge}.',
    other: 'Já existem {count} cobranças com o ID externo {externalId}; a mais recente listada: {charge}.',
  },
  externalIdCreateAnother: 'Criar outra cobrança com o ID externo {externalId}?',
  externalIdCreatingAnother: {
    one: 'já existe uma cobrança com o ID externo {externalId}: {charge}; criando outra (--unique-external-id recusa em vez disso)',
    other:
      'já existem {count} cobranças com o ID externo {externalId}; a mais recente listada: {charge}; criando outra (--unique-external-id recusa em vez disso)',
  },
  externalIdTaken: {
    one: 'já existe uma cobrança com o ID externo {externalId}: {charge}; nada foi enviado (--unique-external-id)',
    other:
      'já existem {count} cobranças com o ID externo {externalId}; a mais recente listada: {charge}; nada foi enviado (--unique-external-id)',
  },
  externalIdFindHint: {
    one: 'veja-a com `paygate charge find --external-id {externalId}`',
    other: 'veja-as com `paygate charge find --external-id {externalId}`',
  },
  externalIdNotChecked:
    'não foi possível verificar se já existe uma cobrança com o ID externo {externalId} ({reason}); criando-a',
  externalIdUncheckable:
    'não foi possível verificar se já existe uma cobrança com o ID externo {externalId} ({reason}); nada foi enviado (--unique-external-id)',

  csvNoRows: '--from-csv: o arquivo não tem linhas',
  rowColumn: 'linha {line}, {column}',
  csvKeyReused: 'linha {line}, {column}: {key} também é a chave da linha {first} (uma cobrança por chave)',
  csvExternalIdShared:
    'linha {line}, external_id: {externalId} também é o external_id da linha {sharing} (uma cobrança com chave é reencontrada pelo external_id: um por linha)',
  csvMoreProblems: '  … e mais {count}',
  csvProblems: {
    one: '--from-csv: {count} problema, nada foi enviado:\n{problems}',
    other: '--from-csv: {count} problemas, nada foi enviado:\n{problems}',
  },
  csvUnreadable: '--from-csv: {message}',
  csvNoKeyColumn: '--key-column: o arquivo não tem a coluna {column} (as colunas dele: {columns})',
  csvNoColumns: 'nenhuma',
  csvUnknownColumn:
    '--from-csv: coluna desconhecida {unknown}; as colunas são {columns}, metadata.NOME e a coluna da chave',
  csvRow: 'linha {line}: {text}',
  csvDryRun: {
    one: '{count} linha conferida: nada foi enviado (--dry-run).',
    other: '{count} linhas conferidas: nada foi enviado (--dry-run).',
  },
  csvSummary: '{created} criadas, {already} já criadas, {refused} recusadas{more}{stopped}',
  csvSummaryUnknown: ', {count} sem resultado conhecido',
  csvSummaryFailed: ', {count} com falha',
  csvSummaryStopped: '; parou depois da linha {line}: {count} linhas não tentadas',
  csvRowsRefused: {
    one: '{count} linha foi recusada pelo gateway (veja as linhas de resultado)',
    other: '{count} linhas foram recusadas pelo gateway (veja as linhas de resultado)',
  },
  csvRowsRefusedHint: 'corrija essas linhas e rode o mesmo arquivo de novo: as linhas já criadas são puladas',

  keyOutcomeUnknown:
    'o resultado da execução anterior com --key {key} é desconhecido; esta execução não enviou nada',
  keyOutcomeUnknownHint:
    'rode `{command}`: ele encontra a cobrança pelo external_id (ou prova que não há nenhuma)',
  keyOtherAmount:
    '--key {key} já criou uma cobrança de {made} ({id}); esta execução pede {asked}: nada foi enviado',
  keyOtherAmountHint: 'uma nova cobrança precisa de uma nova --key',
  keyMarkUnreadable:
    'a cobrança {id} no gateway tem external_id {externalId} e não mostra metadata, onde --key {key} guarda sua marca: não dá para saber se esta chave já a criou; esta execução não enviou nada',
  keyMarkUnreadableHint:
    'veja com `paygate charge get {id}`: se esta chave a criou, não há nada a fazer; se não, crie a cobrança com outro --external-id',
  keyFoundOnGateway:
    'Já criada com --key {key}, encontrada no gateway: cobrança {id} (external_id {externalId}).',
  keyRetry: '--key {key}: {reason}; tentando de novo.',
  keyMadeBeforeRetry:
    'O gateway respondeu 429 para --key {key}, mas já tinha criado a cobrança {id} (encontrada no gateway pelo external_id {externalId}): não foi enviada de novo.',

  reconcileKeyRequired: '--key é obrigatório: a chave (do diário) da execução a resolver',
  reconcileNoEntry: 'nenhuma entrada no diário de cobranças para --key {key} (em {location})',
  reconcileNoEntryHint: 'confira a chave e o perfil (ou PAYGATE_BASE_URL) da execução que a usou',
  reconcileAlreadySettled: '--key {key}: já resolvida, cobrança {id}',
  reconcileNothingSent:
    '--key {key}: nenhuma cobrança foi enviada ({state}); nada a resolver, rodar de novo a cria',
  reconcileCreated: '--key {key}: resolvida, a cobrança foi criada: {id}',
  reconcileAmbiguous:
    '--key {key}: {count} cobranças têm external_id {externalId} ({ids}); resolva manualmente',
  reconcileMaybe: '--key {key}: {charges}: resultado desconhecido, nada foi alterado',
  reconcileMaybeCharge:
    'a cobrança {id} (external_id {externalId}) pode ser dela, mas mostra {shown}, não {amount} centavos',
  reconcileMaybeHint: 'veja com `paygate charge get ID` antes de criar a cobrança de novo com uma nova --key',
  reconcileIncomplete:
    '--key {key}: nenhuma cobrança com external_id {externalId} no que foi lido, mas {reason}: impossível concluir; nada foi alterado',
  reconcileNotCreated: '--key {key}: resolvida, nenhuma cobrança foi criada; rodar de novo a cria',
  reconcileTooEarly:
    '--key {key}: ainda nenhuma cobrança com external_id {externalId}; uma requisição perdida ainda pode aparecer até {until}',
  reconcileTooEarlyHint: 'rode de novo depois desse horário',
  reconcileClockUnknown:
    '--key {key}: nenhuma cobrança com external_id {externalId} encontrada, mas a entrada dela foi escrita no host {host} sem registro do relógio desse host, que não pode ser situado em relação ao do gateway: nenhuma cobrança foi descartada pelo horário, e não dá para concluir que nenhuma foi criada; nada foi alterado',
  reconcileClockUnknownHint:
    'rode `paygate charge reconcile --key {key}` em {host}; ou, se o relógio de {host} concordava com o deste host em até um minuto, acrescente --same-clock',
  noAmount: 'sem valor',

  invalidCodeWarning: '{warning}: {problems}.',
  invalidBoletoLine: 'ATENÇÃO: a linha digitável que o gateway devolveu NÃO é válida',
  invalidPixCode: 'ATENÇÃO: o código Pix que o gateway devolveu NÃO é válido',
  payerBankRejects: 'O banco do pagador vai recusá-lo: não o repasse; avise o gateway.',
  noSellerWithEmail: '{field}: nenhum vendedor com o e-mail {email}',
  sellerNotActive: 'situação {status}, não ativo',
  sellerNotApproved: 'verificação {status}, não aprovada',
  sellerPixDisabled: 'o Pix não está habilitado',
  sellerCannotReceive: '{field}: o vendedor {name} não pode receber split: {reasons}',
  notChargeId: 'id: {value} não é um id de cobrança (ci_…)',
  positiveWholeNumber: '{flag}: {value} deve ser um número inteiro positivo',
  wholeSeconds: '{flag}: deve ser um número inteiro de segundos',
  noTokenOnStdin: 'o stdin não tem um token de cartão (envie `paygate token card --stdin` por um pipe)',
  qrLabelValid: 'Válido',
  qrLabelMerchant: 'Recebedor',
  qrLabelCity: 'Cidade',
  qrLabelAmount: 'Valor',
  qrLabelTxid: 'TXID',
  qrLabelKey: 'Chave Pix',
  qrLabelUrl: 'URL',
  qrLabelRecurrence: 'Recorrência',
  qrLabelInitiation: 'Iniciação',
  qrLabelCrc: 'CRC',
  yes: 'sim',
  no: 'não',
  qrOpenAmount: 'aberto (o pagador digita)',
  emvNothingOnStdin: 'emv: nada no stdin: envie o código Pix Copia e Cola por um pipe',
  emvEmpty: 'emv: o código está vazio',
  emvNotPixCode:
    'emv: não é um código Pix Copia e Cola (ele começa com 000201; cole a linha inteira, ou `-` para ler do stdin)',
  emvNotValid: {
    one: 'emv: código Pix inválido ({count} problema):\n{problems}',
    other: 'emv: código Pix inválido ({count} problemas):\n{problems}',
  },
});

import { portuguese } from '../catalog.js';
import type { ApiFactsEnglish } from '../en/api-facts.js';

export const apiFactsPortuguese = portuguese<ApiFactsEnglish>()({
  httpStatusFrom: '{status} de {request}',
  chargeNotFound: 'o gateway não encontrou a cobrança: {said}',
  payoutNotFound: 'o gateway não encontrou a transferência: {said}',
  webhookNotFound: 'o gateway não encontrou o webhook: {said}',

  emptyBody: 'corpo vazio',
  htmlPage: 'uma página HTML',
  htmlPageTitled: 'uma página HTML: "{title}"',
  notJson: 'não é JSON: "{start}"',
  jsonTooDeep: 'JSON aninhado em mais de {depth} níveis',
  invalidJson: 'JSON inválido, cortado? ({detail})',
  parseError: 'erro de leitura',
  notTheEnvelope: 'JSON que não é o envelope da API ({success, data} ou {success, error})',
  notRateLimitEnvelope: 'não é o envelope rate_limit_error',
  noContentType: 'sem content type',

  unexpectedAnswer: '{request}: resposta inesperada: HTTP {status} ({contentType}): {reason}',
  unexpectedAnswerRedirecting:
    '{request}: resposta inesperada: HTTP {status} ({contentType}) redirecionando para {location}: {reason}',
  unexpectedAnswerWith: '{request}: resposta inesperada: HTTP {status} com {problem}',
  notAList:
    '{request}: resposta inesperada: HTTP {status} com dados que não são uma lista (esperado data: [...], ou um objeto com uma lista, como data.items)',
  dataNotAList: 'os dados não são uma lista',
  proxyOrGatewayFailing: 'um proxy ou o gateway está falhando; tente de novo mais tarde',

  expectedObject: '{field}: esperado um objeto, veio {value}',
  missingField: '{field}: ausente',
  expectedStringOrInteger: '{field}: esperado um texto ou um inteiro, veio {value}',
  expectedString: '{field}: esperado um texto, veio {value}',
  aList: 'uma lista',
  anObject: 'um objeto',

  outcomeUnknownGatewayFailed:
    '{request}: resultado desconhecido: o gateway respondeu HTTP {status} ({message}); o pedido pode ter sido processado.',
  outcomeUnknownNotAnswer:
    '{request}: resultado desconhecido: HTTP {status} ({contentType}) não é uma resposta da API ({reason}); o pedido pode ter sido processado.',
  outcomeUnknownNotAnswerRedirecting:
    '{request}: resultado desconhecido: HTTP {status} ({contentType}) redirecionando para {location} não é uma resposta da API ({reason}); o pedido pode ter sido processado.',
  outcomeUnknownUnusable:
    '{request}: o gateway respondeu HTTP {status}, mas os dados não servem ({problem}); o pedido provavelmente foi processado.',
  outcomeUnknownAfterSending:
    '{request}: resultado desconhecido: {failure} depois do envio do pedido; ele pode ter sido processado.',
  interruptedInFlight:
    'interrompido com {request} em andamento: resultado desconhecido; pode ter sido processado.',

  rateLimited: 'muitas requisições',
  stillRateLimited: '{message}: limite de requisições ainda atingido depois das tentativas permitidas',
  stillRateLimitedWait:
    '{message}: limite de requisições ainda atingido depois das tentativas permitidas; o gateway pede para esperar {seconds}s',
  rateLimitHint:
    'espere e tente de novo; os comandos em lote controlam o próprio ritmo, então outro cliente deve estar usando a mesma chave',

  networkFailed: '{request}: {failure}',
  networkFailedTries: '{request}: {failure} ({count} tentativas)',
  networkNothingSent: '{request}: {failure}; nada chegou ao gateway',
  networkNothingSentTries: '{request}: {failure} ({count} tentativas); nada chegou ao gateway',
  whileReadingAnswer: '{failure} ao ler a resposta HTTP {status}',

  traceTry: 'tentativa {attempt}/{max}',
  traceNothingSent: 'nada foi enviado',
  traceTimeout: 'tempo esgotado',
  traceRetryingAfterFailure:
    '... tentando {request} de novo em {waitMs}ms ({reason}, tentativa {attempt}/{max})',
  traceRetryingRateLimited:
    '... limite de requisições: tentando {request} de novo em {waitMs}ms (tentativa {attempt}/{max})',
  traceRetryingStatus:
    '... tentando {request} de novo em {waitMs}ms (HTTP {status}, tentativa {attempt}/{max})',
  traceLookBeforeRetrying: '... antes de tentar {request} de novo: procurando o que ele pode ter criado',
  traceHoldingForBudget:
    '... limite de requisições de {category} esgotado: aguardando {waitMs}ms até ele renovar',
  traceKeyInClear: '!!! enviando a chave sem criptografia para {origin} (PAYGATE_ALLOW_INSECURE_HTTP=1)',
  traceListingStops: '... {path}: {unfinished}; a listagem para aqui',
  couldNotConnectWithin: 'não foi possível conectar em {duration}',
  noAnswerWithin: 'sem resposta em {duration}',
  answerTooLarge: 'a resposta passa de {size}; ela não foi lida',
  closedMidAnswer: 'a conexão caiu no meio da resposta',
  closedWhileConnecting: 'a conexão caiu antes de se completar',
  connectTimeout: 'tempo de conexão esgotado',
  proxyClosedInsteadOfConnect: 'o proxy fechou a conexão em vez de responder ao CONNECT',
  proxyConnectGarbage: 'o proxy respondeu ao CONNECT com lixo',
  proxyRefusedConnect: 'o proxy em {proxy} recusou o CONNECT para {authority}: {statusLine}',
  noStatusLine: 'sem linha de status',
  proxyRefused: 'o proxy em {proxy} recusou o pedido: {status}',
  proxyCredentialsRejected:
    'o proxy não aceitou o usuário e a senha de {variable}; confira (caracteres especiais codificados com %)',
  proxyCredentialsNeeded: 'ponha as credenciais em {variable} no formato http://usuario:senha@host:porta',

  badProxy: '{variable} não é uma URL de proxy válida: {why}',
  badProxyHint: 'defina {variable} como http://host:porta (ou remova a variável)',
  notAUrl: 'não é uma URL',
  noHost: 'sem host',
  proxySchemeNotHttp: 'o esquema {scheme} não é http: nem https:',

  mustBePositive: '{name}: deve ser um número positivo',
  keyInClear:
    'a chave não será enviada sem criptografia para {origin}: http:// só é aceito para esta máquina (loopback)',
  keyInClearHint:
    'use a URL https:// do gateway; para enviar assim mesmo (numa rede de teste confiável), defina PAYGATE_ALLOW_INSECURE_HTTP=1',
  noSecretKey: 'nenhuma chave secreta configurada',
  noPublicKey: 'nenhuma chave pública configurada (a tokenização de cartão usa a chave pública)',

  invalidBaseUrl: 'URL base inválida "{value}": {why}',
  baseUrlEmpty: 'está vazia',
  baseUrlNotHttp: 'deve começar com http:// ou https://',
  baseUrlNoHost: 'não tem host',
  baseUrlUserInfo: 'não pode conter usuário nem senha',
  baseUrlQuery: 'não pode conter consulta (?) nem fragmento (#)',
  invalidApiPrefix: 'prefixo da API inválido "{prefix}": esperado um caminho como /v1 ou /api/v1',
  fullUrlNotPath: '"{path}": informe um caminho como /v1/charges, não uma URL completa',
  dotSegments: '"{path}": um caminho não pode ter segmentos . ou ..',
  idRequired: '{what} é obrigatório',
  invalidId: '{what} inválido "{value}"',
  noApiFound: 'nenhuma API do paygate em {baseUrl}: tentado {tried}',
  noApiFoundTwice: 'nenhuma API do paygate em {baseUrl}: tentados {first} e {second}',

  pageRepeats: 'a página {page} repete a página {previous} (a paginação do gateway não foi entendida)',
  pageEmptyShort: 'a página {page} veio vazia, mas o gateway conta {total}',
  pageLastShort: 'a página {page} disse ser a última, mas o gateway conta {total}',
  incomplete: 'incompleto: {reading}',
  // {noun}: cobranças or transferências, both feminine
  listRead: '{read} {noun} lidas; {why}',
  listReadOf: '{read} de {total} {noun} lidas; {why}',
  stoppedAtBound: 'parou em {bound} ({pages}) e o gateway tem mais',
  pages: { one: '{count} página', other: '{count} páginas' },
  thePageLimit: 'o limite de páginas',
  listedCharges: 'cobranças',
  listedPayouts: 'transferências',

  webhooksNotManaged:
    'este gateway não gerencia webhooks pela API: configure a URL do webhook no painel dele',
  emailRequired: 'um endereço de e-mail é obrigatório',
});

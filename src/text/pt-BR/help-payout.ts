// The Portuguese help of `payout` (src/commands/payout/spec.ts, flags.ts), by the keys of
// docs/language.md; test/text/help-keys-payout-and-more.test.ts holds it in step with the specs.
export const payoutHelp: Readonly<Record<string, string>> = {
  payout: 'Envia dinheiro por Pix, com segurança, inclusive pelo cron',
  'payout create': 'Transfere por Pix para a chave Pix cadastrada deste vendedor',
  'payout create: description':
    'Consulta o saldo antes e recusa localmente (código de saída 3, nada enviado) quando ele não basta, quando --all não deixa nada ou quando o valor passa de --max-amount / da configuração payout.max_amount. Num terminal pede confirmação; sem terminal (cron, CI, --no-input) --yes é obrigatório: código de saída 2, nunca uma pergunta.\n\n' +
    'Com --key, um diário na pasta de configuração torna as repetições seguras: repetir uma chave que já pagou mostra essa transferência (saída 0); uma execução da mesma chave em andamento é aguardada por até 10s e depois recusada (saída 3); quando uma execução foi interrompida ou cortada depois de enviar, as repetições são recusadas com saída 9 até que `paygate payout reconcile --key K` resolva. A chave é a marca da transferência no gateway: a descrição é "payout K", ou --description com " [K]" no fim. Uma chave que este diário nunca viu é antes procurada por essa marca entre as transferências do gateway das últimas 48 horas (configuração journal.lookup_window), vinda de outra máquina ou de um contêiner novo: achada, ela é mostrada e nada é enviado (saída 0); uma busca que não pode ser concluída não envia nada (saída 10). Toda criação com chave envia Idempotency-Key e X-Idempotency-Key, iguais para a mesma conta e chave em qualquer máquina.\n\n' +
    'Dinheiro: um inteiro sem casas decimais é em centavos (--keep 100 é R$ 1,00; escreva 100.00 para R$ 100,00). Um valor de --amount ou --keep abaixo de R$ 100,00 é dito em reais no stderr, e o resultado (e o --dry-run) diz no stderr, em todos os modos, o que foi pago e o que ficou no saldo.\n\n' +
    'Códigos de saída: 0 criada (com --wait: {payoutSuccess}), 2 uso, 3 recusada, 4 autenticação (sem chave, 401/403), 5 limite de requisições, 6 falha de rede ou 5xx antes do envio da transferência, 7 {payoutFailure}, 8 ainda em processamento no --timeout, 9 resultado desconhecido, 130 interrompido (Ctrl-C, SIGTERM) sem pedido de transferência em andamento (durante o --wait: a transferência foi feita, só a espera parou).',
  'payout create --amount': 'valor a transferir',
  'payout create --all': 'transfere todo o saldo disponível',
  'payout create --keep': 'com --all: deixa este valor no saldo',
  'payout create --description': 'descrição (máx. 255)',
  'payout create --key':
    'chave de idempotência, ex.: sweep-2026-11-22: repetir nunca paga duas vezes (veja payout reconcile)',
  'payout create --max-amount': 'recusa acima deste valor (padrão: configuração payout.max_amount)',
  'payout create --wait': 'acompanha a transferência até o status {payoutSuccess} (0) ou {payoutFailure} (7)',
  'payout create --interval': 'intervalo entre as consultas de status (padrão 2s)',
  'payout create --timeout': 'desiste depois desse tempo (padrão 10m)',
  'payout create --dry-run': 'confere e mostra o que seria pago (--json: o plano); não envia nada',
  'payout create --yes': 'não pede confirmação',
  'payout get': 'Mostra uma transferência',
  'payout get <id>': 'id da transferência (co_…)',
  'payout list': 'Lista as transferências, das mais novas para as mais antigas',
  'payout list --status': 'só transferências com este status (repetível, ou {payoutFinalChoices})',
  'payout list --since':
    'criadas a partir de (uma data 2026-11-01 ou 01/11/2026, data e hora, ou há quanto tempo, ex.: 7d)',
  'payout list --until':
    'criadas até (uma data: até o fim desse dia; data e hora ou há quanto tempo: antes disso)',
  'payout list --limit': 'quantas, as mais novas primeiro (padrão 20; com --since/--until: o período todo)',
  'payout list --all': 'todas as páginas, em fluxo contínuo',
  'payout list --max-pages':
    'máximo de páginas lidas, saída 10 quando a lista tem mais (padrão 50 com --since/--until)',
  'payout watch': 'Acompanha uma transferência até o status {payoutSuccess} ou {payoutFailure}',
  'payout watch: description':
    'Saída 0 {payoutSuccess}, 7 {payoutFailure}, 8 ainda em processamento no --timeout, 130 no Ctrl-C.',
  'payout watch <id>': 'id da transferência',
  'payout watch --interval': 'intervalo entre as consultas de status (padrão 2s)',
  'payout watch --timeout': 'desiste depois desse tempo (padrão 10m)',
  'payout reconcile':
    'Resolve uma entrada do diário de resultado desconhecido, comparando-a às transferências listadas',
  'payout reconcile: description':
    'Compara a entrada às transferências listadas: mesmo valor e descrição (que traz a chave), criada depois da execução pelo relógio do gateway (a diferença que a execução registrou, ou então a do relógio local, lida do cabeçalho Date), sem registro por outra chave. Uma correspondência resolve (repetir mostra essa transferência e não paga nada); várias: saída 3 listando-as (escolha uma com --payout-id); nenhuma, passados 10 minutos do envio: marcada como não enviada, e repetir paga. Antes disso: saída 9, rode de novo mais tarde. Uma entrada escrita em outro host sem registro da diferença do relógio dele nunca é marcada como não enviada: saída 9 (rode no host dela, ou use --payout-id ou --same-clock). --json mostra a entrada do diário.',
  'payout reconcile --key': 'chave de idempotência da execução a resolver',
  'payout reconcile --payout-id': 'a transferência que esta execução fez, quando várias correspondem',
  'payout reconcile --same-clock':
    'declara que o relógio do host que escreveu a entrada concordava com o deste host em até um minuto',
};

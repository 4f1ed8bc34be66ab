import { portuguese } from '../catalog.js';
import type { SharedEnglish } from '../en/shared.js';

export const sharedPortuguese = portuguese<SharedEnglish>()({
  moneyWithWords: '{money} ({words})',
  chargeAmountDiffers: 'ATENÇÃO: o valor da cobrança difere do que o paygate enviou',
  payoutAmountDiffers: 'ATENÇÃO: o valor da transferência difere do que o paygate enviou',
  chargeAmountUnchecked:
    'ATENÇÃO: não deu para conferir o valor da cobrança com o que o paygate enviou (a unidade dele é desconhecida: gateway.money_unit a declara)',
  payoutAmountUnchecked:
    'ATENÇÃO: não deu para conferir o valor da transferência com o que o paygate enviou (a unidade dele é desconhecida: gateway.money_unit a declara)',
  amountDiffersDetail:
    ': valor enviado {sent} (centavos, {money}); a resposta do gateway diz {name} {received}.',
  checkCharge: 'Confira a cobrança com o gateway antes de contar com ela.',
  checkPayout: 'Confira a transferência com o gateway antes de contar com ela.',
  journalNotRecorded: '{message} (e o diário não conseguiu registrar: {problem})',
  runReconcile: 'rode `{command}`',
  payoutMayBeCreated:
    'a transferência pode ter sido criada: nada foi repetido. Rode `{command}` antes de rodar isto de novo',
  chargeMayBeCreated:
    'a cobrança pode ter sido criada: nada foi repetido. Rode `{command}` antes de rodar isto de novo',
  payoutCreatedUnrecorded:
    'a transferência {id} foi criada, mas o diário não conseguiu registrá-la ({problem}); repetir esta chave será recusado até que se resolva',
  chargeCreatedUnrecorded:
    'a cobrança {id} foi criada, mas o diário não conseguiu registrá-la ({problem}); repetir esta chave será recusado até que se resolva',
  actionOutcomeUnknown:
    '{what} pode ou não ter acontecido: nenhuma resposta chegou depois do envio ({message})',
  actionOutcomeUnknownAnswered:
    '{what} pode ou não ter acontecido: a resposta do gateway não diz se aconteceu ({message})',
  checkBeforeTryingAgain: 'confira com `{command}` antes de tentar de novo',
  charges: 'cobranças',
  payouts: 'transferências',
  limitAndAll: '--limit e --all: --all mostra tudo e --limit as N mais recentes; use só um',
  showingNewestMatching:
    'Mostrando as {count} {what} mais recentes que correspondem; pode haver mais: --limit N mostra mais, --all todas.',
  showingNewestOfTotal:
    'Mostrando as {count} {what} mais recentes de {total}: --limit N mostra mais, --all todas.',
  showingNewest: 'Mostrando as {count} {what} mais recentes: --limit N mostra mais, --all todas.',
  undated: {
    one: '{count} das {what} não tem data de criação legível pelo paygate: mantida, sem filtro de --since/--until',
    other:
      '{count} das {what} não têm data de criação legível pelo paygate: mantidas, sem filtro de --since/--until',
  },
  dateOnly: {
    one: '{count} das {what} traz só a data, no dia em que --since/--until corta num horário: mantida, sem filtro',
    other:
      '{count} das {what} trazem só a data, no dia em que --since/--until corta num horário: mantidas, sem filtro',
  },
  wallClock: {
    one: '{count} das {what} tem horário de criação sem fuso: lido como hora local ({zone}) para --since/--until',
    other:
      '{count} das {what} têm horário de criação sem fuso: lido como hora local ({zone}) para --since/--until',
  },
  unorderedStreaming:
    'o gateway não lista as {what} da mais recente para a mais antiga: as linhas seguem a ordem dele (os filtros são aplicados aqui)',
  unorderedReading:
    'o gateway não lista as {what} da mais recente para a mais antiga: lendo a lista toda (até {limit}) para mostrar as mais recentes',
  unorderedCut:
    'incompleto: o gateway não lista as {what} da mais recente para a mais antiga e tem mais que as {read} lidas: as linhas mostradas são as mais recentes dessas {read}, não da lista toda',
  unorderedCutHint: 'restrinja com --since/--until, ou leia todas as páginas com --all -o ndjson',
  notATime:
    '{flag}: {value} não é um momento: use uma data (26/11/2026 ou 2026-11-26), data e hora (2026-11-01T14:30, 2026-11-01T14:30:00Z) ou um tempo atrás (90m, 12h, 7d)',
  sinceBeforeUntil: '--since: precisa ser antes de --until',
  timeoutAboveZero: '--timeout: precisa ser maior que zero',
  wholeNumberAboveZero: '{flag}: deve ser um número inteiro maior que zero',
  wholeNumberBetween: '{flag}: deve ser um número inteiro de {min} a {max}',
  flagRequiredNoPrompt: '{flag} é obrigatório (sem terminal não há pergunta: passe-o como flag)',
  intervalRaised: '--interval aumentado para {seconds}s (no máximo 30 consultas por minuto)',
  waiting: 'aguardando',
  connectionTroubleLine: '{status} · problema de conexão, tentando de novo ({message})',
  stillPending: 'ainda {status} quando o tempo limite acabou',
  stillPendingSilent:
    'ainda {status} quando o tempo limite acabou; o gateway não responde há {duration} (problema de conexão, tentando de novo: {message})',
  pending: 'pendente',
  resumeWith: 'retome com: {command}',
  watchInterrupted: 'interrompido: o acompanhamento parou (nada foi alterado).',
  chargeSucceeded: ': cobrança {id} ({amount})',
  payoutSucceeded: ': transferência {id} ({amount})',
  stdin: 'a entrada padrão',
  inputTooLarge: '{field}: {source} tem mais de {size}: não é o que {field} lê',
  inputUnreadable: '{field}: não foi possível ler {source} ({reason})',
  lookupSkipped:
    'journal.gateway_lookup é skip: a criação anterior de uma chave não é procurada no gateway; contando só com o diário e o cabeçalho de idempotência',
  lookupIncomplete:
    'a busca pela marca desta chave nas {what} do gateway desde {since} não pôde ser concluída ({read}): não achar lá não é um "não", então nada foi enviado',
  lookupIncompleteAfter429:
    'o gateway respondeu 429 e a busca pela marca desta chave nas {what} do gateway desde {since} não pôde ser concluída ({read}): a criação pode ter acontecido, então não foi enviada de novo',
  after429:
    'o gateway respondeu 429 e {problem}: a criação pode ter acontecido, então não foi enviada de novo',
  lookupBound: 'o limite da busca',
  lookupIncompleteHint:
    'deixe o diário onde todas as máquinas o vejam (`paygate config set journal.url postgres://…`, ou PAYGATE_JOURNAL_URL), ou conte de propósito só com o diário e o cabeçalho de idempotência: `paygate config set journal.gateway_lookup skip`',
  payoutsUnsearchable:
    'as transferências deste gateway não mostram campo que possa levar a marca de uma chave (descrição, comentário ou metadados): a transferência anterior de uma chave não pode ser achada nele; contando só com o diário local',
  chargesUnsearchable:
    'as cobranças deste gateway não mostram ids externos: a cobrança anterior de uma chave não pode ser achada nele; contando só com o diário local',
  clockAhead:
    'o relógio local está {duration} adiantado em relação ao do gateway (cabeçalho Date): valendo a hora do gateway',
  clockBehind:
    'o relógio local está {duration} atrasado em relação ao do gateway (cabeçalho Date): valendo a hora do gateway',
});

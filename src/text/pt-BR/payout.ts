import { portuguese } from '../catalog.js';
import type { PayoutEnglish } from '../en/payout.js';

export const payoutPortuguese = portuguese<PayoutEnglish>()({
  yesRequired:
    '--yes é obrigatório para transferir sem um terminal (aqui não há como confirmar; nada foi enviado)',
  noKeyRerun:
    'sem --key, nada impede que este comando, se rodado de novo, transfira outra vez (--key sweep-$(date +%F) torna a repetição segura)',
  tryingAgain: '--key {key}: {reason}; tentando de novo.',
  confirm: 'Transferir {amount} para {destination}?',
  registeredPixKey: 'a chave Pix cadastrada deste vendedor',
  destinationWithName: '{destination} ({name})',
  severalMarked:
    '--key {key}: {count} transferências no gateway levam esta chave ({ids}); mostrando a primeira da lista',
  cutMark:
    'a transferência {id} no gateway tem {path} {text}, que pode ser a marca da --key {key} cortada: não dá para saber se esta chave já transferiu; nada foi enviado',
  cutMarkWithAmount:
    'a transferência {id} no gateway ({amount}) tem {path} {text}, que pode ser a marca da --key {key} cortada: não dá para saber se esta chave já transferiu; nada foi enviado',
  cutMarkHint:
    'confira com `paygate payout get {id}`: se foi esta chave, não há nada a fazer; se não, transfira com outra --key',
  balanceUnreadable:
    'não é possível transferir o saldo todo: {problem}; o paygate nunca adivinha um valor, então nada foi enviado',
  balanceUnreadableHint: 'transfira um valor definido com --amount',
  balanceUnchecked: 'não foi possível conferir o saldo ({problem}): o gateway decide',
  nothingToPayOut: 'nada a transferir: saldo disponível {available}; nada foi enviado',
  nothingToPayOutKeeping: 'nada a transferir: saldo disponível {available}, --keep {keep}; nada foi enviado',
  insufficientBalance: 'saldo insuficiente: pedido {amount}, disponível {available}; nada foi enviado',
  aboveMaxAmount: '{amount} passa do limite de {max} ({source}); nada foi enviado',
  aboveMaxAmountFlagHint: 'aumente --max-amount se esta transferência é mesmo a pretendida',
  aboveMaxAmountSettingHint:
    'passe um --max-amount maior nesta execução, ou `paygate config set payout.max_amount …`',
  madeBefore429:
    'O gateway respondeu 429 à --key {key}, mas já tinha feito a transferência {id} (achada no gateway pela marca da chave): não foi enviada de novo.',
  outcomeUnknown:
    'o resultado da execução anterior com --key {key} é desconhecido: {state}; nada foi enviado desta vez',
  outcomeUnknownHint:
    'rode `paygate payout reconcile --key {key}`: ele acha a transferência (ou prova que não há) para que repetir seja seguro',
  keyReused: '--key {key} já transferiu {paid} ({id}); esta execução pede {asked}: nada foi enviado',
  keyReusedHint: 'uma nova transferência precisa de uma nova --key',
  keyPayoutFailed: '--key {key} fez a transferência {id}, e ela falhou; nada foi enviado desta vez.',
  alreadyMadeFound:
    'Já feita com --key {key}, achada no gateway: transferência {id} ({amount}), com status {status}. Nada novo foi enviado.',
  alreadyMade:
    'Já feita com --key {key}: transferência {id} ({amount}), com status {status}. Nada novo foi enviado.',
  alreadyMadeReplayed:
    'Já feita com --key {key} por uma execução anterior: o gateway respondeu com a transferência dela, {id} ({amount}), com status {status}, e não fez nada novo.',
  statusNotFetched: 'não foi possível buscar a situação atual ({problem}); mostrando a cópia do diário',
  forgottenPayout:
    '--key {key}: o diário registra a transferência {id} ({amount}) para esta chave, mas o gateway não a tem (404): ele a esqueceu (`paygate sandbox reset`), ou não foi este gateway que a fez. Nada foi enviado',
  forgottenPayoutHint:
    'uma chave transfere uma vez só, e o diário guarda isso: para transferir de novo, use uma nova --key (ex.: sweep-$(date +%F)-2)',
  paidKept: 'Transferência {id}, {status}: transferido {paid}; mantido {kept}.',
  paidLeft: 'Transferência {id}, {status}: transferido {paid}; restam {left} disponíveis.',
  paid: 'Transferência {id}, {status}: transferido {paid}.',
  followIt: 'Acompanhe com: {command}',
  dryRunKeep: 'Simulação: transferiria {paid} e manteria {kept}; nada foi enviado.',
  dryRunLeaving: 'Simulação: transferiria {paid}, restando {left} disponíveis; nada foi enviado.',
  dryRun: 'Simulação: transferiria {paid}; nada foi enviado.',
  journalAlreadyPaid: 'já transferido ({id}): uma execução real mostraria essa transferência e nada enviaria',
  journalOutcomeUnknown:
    'resultado desconhecido: uma execução real recusaria (saída 9) até `payout reconcile`',
  journalWouldRetry: '{state}: uma execução real tentaria de novo',
  journalFoundOnGateway:
    'já feita (achada no gateway: {id}): uma execução real mostraria essa transferência e nada enviaria',
  journalCutMark:
    'uma transferência pode ter a marca desta chave cortada ({id}): uma execução real recusaria (saída 9)',
  journalNewKey: 'chave nova',
  journalLine: '{key}: {note}',
  labelWouldPayOut: 'Transferiria',
  labelTo: 'Para',
  labelAvailable: 'Disponível',
  labelBalanceAfter: 'Saldo depois',
  labelJournal: 'Diário',
  descriptionTooLong: '--description: no máximo {max} caracteres ({length})',
  descriptionTooLongWithKey:
    '--description: no máximo {max} caracteres com a chave que leva ({appended} é acrescentado; {length} no total)',
  amountAndAll: '--amount e --all: use só um (um valor, ou todo o saldo disponível)',
  amountOrAll: '--amount ou --all é obrigatório (ex.: --amount 1500.00, ou --all --keep 100.00)',
  keepOnlyWithAll: '--keep: só com --all (é o que --all deixa no saldo)',
  onlyWithWait: '{flag}: só com --wait',
  labelId: 'ID',
  labelStatus: 'Situação',
  labelAmount: 'Valor',
  labelDestination: 'Destino',
  labelProvider: 'Provedor',
  labelDescription: 'Descrição',
  labelFailureReason: 'Motivo da falha',
  labelFailed: 'Falhou em',
  labelCompleted: 'Concluída em',
  labelCreated: 'Criada em',
  headerId: 'ID',
  headerStatus: 'SITUAÇÃO',
  headerAmount: 'VALOR',
  headerDestination: 'DESTINO',
  headerProvider: 'PROVEDOR',
  headerFailure: 'FALHA',
  headerCreated: 'CRIADA EM',
  headerDescription: 'DESCRIÇÃO',
  payoutFailed:
    'a transferência {id} falhou: nenhum dinheiro saiu e o valor voltou ao saldo disponível; uma nova --key transfere de novo',
  notPayoutId: 'id: {value} não é um id de transferência (co_…)',
  watching: '{status} · transferência {id} {amount}',
  interruptedMadeByThisRun:
    'interrompido: a transferência {id} foi feita (nesta execução); só parou a espera pelo resultado.',
  interruptedMadeEarlier:
    'interrompido: a transferência {id} foi feita (por uma execução anterior desta --key); só parou a espera pelo resultado.',
  finalStatus: 'transferência {id} {status}',
  finalStatusWithReason: 'transferência {id} {status}: {reason}',
  noPayoutsWithStatus: 'Nenhuma transferência com status {status}.',
  noPayoutsMatch: 'Nenhuma transferência corresponde.',
  noPayouts: 'Nenhuma transferência.',
  reconcileKeyRequired: '--key é obrigatório: a chave do diário da execução a resolver',
  reconcileNoEntry: 'nenhum registro de transferência no diário para --key {key} (em {location})',
  reconcileNoEntryHint: 'confira a chave e o PAYGATE_CONFIG_DIR / --profile da execução que a usou',
  reconcileNothingToDo:
    '--key {key}: nada a resolver ({state}). Nenhuma transferência foi feita com esta chave: rodar o mesmo `payout create --key {key}` de novo vai transferir.',
  reconcileSettledOther:
    '--key {key} já está resolvida com a transferência {id}, não {asked}; nada foi alterado',
  reconcileAlreadySettled: '--key {key} já está resolvida: transferência {id}.',
  reconcileNoMatch: 'a transferência {id} não corresponde à --key {key}: {problem}; nada foi alterado',
  reconcileSettled:
    '--key {key} resolvida: transferência {id}. Repetir mostra essa transferência e não transfere nada.',
  reconcileRivals:
    'a transferência {id} corresponde à --key {key} e também à --key {others} (também com resultado desconhecido); nada foi alterado',
  reconcileRivalsHint:
    'resolva cada chave com a transferência que ela fez: paygate payout reconcile --key {key} --payout-id ID',
  reconcileMatched:
    '--key {key} resolvida: a execução criou, sim, a transferência {id} ({amount}, {status}). Repetir mostra essa transferência e não transfere nada.',
  reconcileSeveral:
    '{count} transferências correspondem à --key {key} ({amount} desde {since}): {ids}; nada foi alterado',
  reconcileSeveralHint:
    'escolha a que esta execução fez: paygate payout reconcile --key {key} --payout-id ID',
  reconcileMaybe: 'a transferência {id} pode ser dela: {why}',
  reconcileUncertain:
    'nenhuma transferência corresponde com certeza à --key {key}, mas {maybe}; desconhecido, nada foi alterado',
  reconcileUncertainHint:
    'confira com `paygate payout get ID`; se foi esta chave: paygate payout reconcile --key {key} --payout-id ID',
  reconcileCutAtPages: 'a listagem parou em {pages} páginas',
  reconcileTruncated:
    'nenhuma transferência corresponde à --key {key} entre as {scanned} lidas, mas {why}: não dá para concluir; nada foi alterado',
  reconcileTruncatedHint:
    'ache a transferência com `paygate payout list --all`, depois: paygate payout reconcile --key {key} --payout-id ID',
  reconcileWithinWindow:
    'nenhuma transferência corresponde à --key {key} ainda, mas o gateway pode mostrá-la até {until} (em {left}); nada foi alterado',
  reconcileWithinWindowHint: 'rode `paygate payout reconcile --key {key}` de novo depois disso',
  reconcileClockUnknown:
    'nenhuma transferência corresponde à --key {key}, mas a entrada dela foi escrita no host {host} sem registro do relógio desse host, que não pode ser situado em relação ao do gateway: nenhuma transferência foi descartada pelo horário, e não dá para concluir que nada foi enviado; nada foi alterado',
  reconcileClockUnknownHint:
    'rode `paygate payout reconcile --key {key}` em {host}; ou, achada a transferência, paygate payout reconcile --key {key} --payout-id ID; ou, se o relógio de {host} concordava com o deste host em até um minuto, acrescente --same-clock',
  reconcileNotSent:
    '--key {key}: nenhuma transferência corresponde a {amount} desde {since}: o pedido não criou nada. Marcada como não enviada: rodar `payout create --key {key}` de novo VAI transferir.',
  whyClaimed: 'está registrada por outra chave do diário',
  whyEarlier: 'criada em {at}, antes da execução desta chave (pelo relógio do gateway)',
  noAmount: 'sem valor',
  whyOtherAmount: 'valor {shown} em vez de {asked}',
  whyUnknownUnit: '{shown}: não está em centavos, até onde o paygate sabe (pedido: {asked})',
  whyCutMark: 'seu {shown} pode ser a marca desta chave cortada',
  whyMarkOtherAmount: 'leva a marca desta chave, mas {problem}',
  whyNoMark: 'não leva a marca {mark}',
  legacyOtherAccount:
    '--key {key}: um registro de um paygate mais antigo ({where}) traz a transferência {id}, que esta conta não tem: era de outra conta, e esta transfere por conta própria',
  legacyUnknown:
    '--key {key}: um registro de um paygate mais antigo ({where}) tem resultado desconhecido e não diz de qual conta era; nada foi enviado',
  legacyUnknownHint:
    'confira `paygate payout list` na conta que o rodou; depois de resolvido, tire {where} do lugar',
});

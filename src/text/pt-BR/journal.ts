import { portuguese } from '../catalog.js';
import type { JournalEnglish } from '../en/journal.js';

export const journalPortuguese = portuguese<JournalEnglish>()({
  notAJournalKey:
    '{field}: {key} não é uma chave de idempotência válida: use de 1 a 100 letras, dígitos, ".", "_" ou "-", começando por letra ou dígito (ex.: sweep-2026-11-22)',
  notPostgresUrl:
    '{field}: deve ser uma URL do PostgreSQL, postgres://usuario@host:porta/banco (veio {value})',

  busy: 'outra execução do paygate com --key {key} está em andamento ({who}); esta execução não enviou nada',
  busyHolder: 'pid {pid}, desde {at}',
  busyHolderOnHost: 'pid {pid} em {host}, desde {at}',
  busyHolderUnknown: 'sem identificação',
  busySameHostHint:
    'espere ela terminar e rode o mesmo comando de novo: ele mostra a transferência que foi feita',
  busyOtherHostHint: 'essa execução está em outro host; se ela não existe mais, remova {path} e rode de novo',
  busyLeaseHint:
    'o banco do diário libera a chave assim que essa execução termina (em até {seconds} s se o host dela caiu): rode o mesmo comando de novo depois disso',
  interruptedWaiting:
    'interrompido enquanto esperava a execução em andamento com --key {key}; nada foi enviado.',
  conflict:
    'o registro de --key {key} no diário foi alterado por outra execução ao mesmo tempo; esta execução não enviou nada',
  reconcileHint: 'rode {command} para ver a situação',

  cannotWrite: 'diário: não foi possível gravar {path}: {reason}',
  cannotUse: 'diário: não foi possível usar {path}: {reason}',
  cannotWriteHint:
    'esta execução não enviou nada; confira as permissões e o espaço livre do diretório de configuração (PAYGATE_CONFIG_DIR)',
  unreadableRecordHint:
    'esta execução não enviou nada; rode {command}: ele põe o registro de lado e acerta a chave pelo gateway',
  inspectFileHint:
    'esta execução não enviou nada; examine o arquivo (o estado dele diz se uma transferência pode ter sido feita)',
  notValidJson: 'não é um JSON válido',
  notARecord: 'não é um registro do diário',
  unreadableNoEarlier:
    'está ilegível e nenhum registro anterior diz para que era esta chave; acerte à mão com --payout-id (ou remova o diretório da chave se tiver certeza de que nada foi enviado)',
  staleLock: 'não foi possível remover uma trava abandonada ({reason})',
  noHardLinks:
    'este sistema de arquivos não tem hard links (o diário precisa deles): defina PAYGATE_CONFIG_DIR com um diretório local',
  unwritableAfterUnknown:
    'o resultado da execução anterior com --key {key} é desconhecido ({state}), e o diário não pode ser gravado ({reason}); esta execução não enviou nada',
  makeWritableHint: 'torne o diretório de configuração gravável de novo e rode {command}',

  earlierDisagree:
    '--key {key}: registros de uma versão antiga do paygate não batem ({entries}); nada foi enviado',
  earlierDisagreeHint:
    'confira o que esta chave fez no gateway e tire do caminho os registros que não correspondem',
  earlierKindUnclear:
    '--key {key}: um registro de uma versão antiga do paygate ({from}, {state}) não diz se era uma transferência ou uma cobrança; nada foi enviado',
  earlierKindUnclearHint: 'procure-o em {payouts} e {charges}, depois tire {from} do caminho',

  databaseUnreachable: 'o banco do diário {where} está inacessível ({reason}); nada foi enviado',
  databaseUnreachableHint:
    'confira PAYGATE_JOURNAL_URL (ou {command}) e se o banco está no ar, depois rode o mesmo comando de novo',
  databaseError: 'banco do diário {where}: {reason}',
  databaseRowNotARecord:
    'banco do diário {where}: a última linha de --key {key} não é um registro do diário; nada foi enviado',
  inspectRowHint: 'examine essa linha: o estado dela diz se algo foi feito',
  databaseRefused: 'o banco do diário {where} recusou esta execução: {what} ({reason}); nada foi enviado',
  urlIsSetIn: 'PAYGATE_JOURNAL_URL (ou {command})',
  wrongPassword: 'senha errada',
  wrongPasswordHint: 'corrija a senha em {setIn}; rodar o mesmo comando de novo não vai resolver',
  roleRejected: 'o usuário não pode conectar (ele não existe, ou o servidor não o deixa entrar)',
  roleRejectedHint:
    'confira o usuário em {setIn} e o pg_hba.conf do servidor; rodar o mesmo comando de novo não vai resolver',
  noSuchDatabase: 'o banco não existe',
  noSuchDatabaseHint:
    'confira o nome do banco em {setIn}, ou crie-o; rodar o mesmo comando de novo não vai resolver',
  noUsableSchema: 'nenhum schema em que o usuário possa criar a tabela do diário',
  noUsableSchemaHint:
    'confira o schema do search_path na URL: o usuário precisa de USAGE e CREATE nele na primeira vez, depois de SELECT e INSERT na tabela paygate_journal (README.pt-BR.md, "Vários hosts, um diário"); rodar o mesmo comando de novo não vai resolver',
  missingPrivileges: 'faltam privilégios',
  missingPrivilegesHint:
    'o usuário precisa de USAGE e CREATE no schema do search_path na primeira vez, depois de SELECT e INSERT na tabela paygate_journal (README.pt-BR.md, "Vários hosts, um diário"); rodar o mesmo comando de novo não vai resolver',

  stateIntent: 'uma execução registrou a intenção e parou antes de enviar',
  stateSentPayout:
    'uma execução enviou o pedido de transferência em {at} e parou antes de registrar a resposta',
  stateSentCharge: 'uma execução enviou o pedido de cobrança em {at} e parou antes de registrar a resposta',
  stateSentCreate: 'uma execução enviou o pedido de criação em {at} e parou antes de registrar a resposta',
  stateCreated: 'criada: {id}',
  statePaid: 'paga: {id}',
  stateFailedBeforeSend: 'a tentativa anterior falhou antes de o pedido sair',
  stateFailedBeforeSendBecause: 'a tentativa anterior falhou antes de o pedido sair ({message})',
  stateRejected: 'o gateway recusou a tentativa anterior',
  stateRejectedBecause: 'o gateway recusou a tentativa anterior ({message})',
  stateUnknown: 'a tentativa anterior não teve resposta utilizável',
  stateUnknownBecause: 'a tentativa anterior não teve resposta utilizável ({message})',
  stateNotSentPayout: 'a conciliação concluiu que a tentativa anterior não criou nenhuma transferência',
  stateNotSentCharge: 'a conciliação concluiu que a tentativa anterior não criou nenhuma cobrança',
});

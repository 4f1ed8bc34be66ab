import { portuguese } from '../catalog.js';
import type { SandboxServerEnglish } from '../en/sandbox-server.js';

export const sandboxServerPortuguese = portuguese<SandboxServerEnglish>()({
  report: 'paygate sandbox: {message}',
  cannotWriteState: 'não foi possível gravar o arquivo de estado: {reason}',
  taskFailed: 'a tarefa {kind} {id} falhou: {reason}',
  request: '{method} {path} → {status}',
  requestSeller: '  vendedor {seller}',
  requestFault: '  falha {fault}',
  notification: 'notificação {event} ({channel}) → {url} → {outcome}  tentativa {attempt}',
  notificationToSeller:
    'notificação {event} ({channel} vendedor {seller}) → {url} → {outcome}  tentativa {attempt}',
  noAnswer: 'sem resposta',
});

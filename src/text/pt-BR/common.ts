import { portuguese } from '../catalog.js';
import type { CommonEnglish } from '../en/common.js';

export const commonPortuguese = portuguese<CommonEnglish>()({
  errorPrefix: 'erro: ',
  hintPrefix: 'dica: ',
  warningPrefix: 'aviso:',
  internalError: 'erro interno: {message}',
  internalErrorHint: 'rode de novo com --debug para ver os detalhes',
  outputNotWritten:
    'não foi possível escrever a saída ({reason}): o que o comando fez vale, a saída dele se perdeu',
  interrupted: 'interrompido.',
  cancelledNothingSent: 'Cancelado: nada foi enviado.',
});

import { portuguese } from '../catalog.js';
import type { ApiCommandEnglish } from '../en/api-command.js';

export const apiCommandPortuguese = portuguese<ApiCommandEnglish>()({
  pathMustStartWithSlash: 'argumento: o caminho começa com / (veio {path})',
  bodyTooDeep: '--data: o corpo tem mais de {levels} níveis de aninhamento',
  bodyNotJson: '--data: o corpo não é um JSON válido',
});

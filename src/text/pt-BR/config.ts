import { portuguese } from '../catalog.js';
import type { ConfigEnglish } from '../en/config.js';

export const configPortuguese = portuguese<ConfigEnglish>()({
  cannotReadFile:
    'não foi possível ler o arquivo de configuração {path}: {reason}; corrija ou remova o arquivo',
  permissionDenied: 'permissão negada',
  notValidJson: 'não é um JSON válido',
  nestedTooDeep: 'tem mais de {depth} níveis aninhados',
  notAPaygateConfig: 'a estrutura não é de uma configuração do paygate',
  cannotWriteDir: 'não foi possível gravar no diretório de configuração {path}: {reason}; nada foi alterado',
  cannotWriteDirHint:
    'confira as permissões e o espaço livre, ou defina PAYGATE_CONFIG_DIR com um diretório seu',
  mustBeLongerThanZero: '{setting}: deve ser maior que 0',
  wholeNumberFromOneTo: '{setting}: deve ser um número inteiro de 1 a {max}',
});

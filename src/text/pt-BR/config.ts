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

  refusingPath: 'recusado: {label} {why}; {fix}',
  configDirectory: 'o diretório de configuração {dir}',
  ownedByOther: 'pertence a {owner}, não a você',
  symlinkOwnedByOther: 'é um link simbólico que pertence a {owner}, não a você',
  writableByGroup: 'pode ser alterado por outros: pelo grupo (modo {mode})',
  writableByEveryone: 'pode ser alterado por outros: por qualquer usuário (modo {mode})',
  writableByGroupAndEveryone: 'pode ser alterado por outros: pelo grupo e por qualquer usuário (modo {mode})',
  symlinkToNothing: 'é um link simbólico para um caminho que não existe',
  symlinkToUntrusted: 'é um link simbólico para {target}, que {why}',
  removeIfNotYours: 'se não foi você que o pôs ali, remova-o ({command})',
  runCommand: 'rode {command}',
  ownConfigDirectory: 'defina PAYGATE_CONFIG_DIR com um diretório seu',
  parentOwnedByOther:
    'recusado: {label}: o diretório que o contém, {parent}, pertence a {owner}, que pode substituí-lo; defina PAYGATE_CONFIG_DIR com um diretório seu',
  parentOpenToAll:
    'recusado: {label}: o diretório que o contém, {parent}, pode ser alterado por qualquer usuário (modo {mode}, sem sticky bit), que pode substituí-lo; defina PAYGATE_CONFIG_DIR com um diretório seu',
});

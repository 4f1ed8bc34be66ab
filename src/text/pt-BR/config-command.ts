import { portuguese } from '../catalog.js';
import type { ConfigCommandEnglish } from '../en/config-command.js';

export const configCommandPortuguese = portuguese<ConfigCommandEnglish>()({
  unknownSetting: 'configuração desconhecida "{name}": as configurações são {settings}',
  settingHeader: 'CONFIGURAÇÃO',
  valueHeader: 'VALOR',
  sourceHeader: 'ORIGEM',
  descriptionHeader: 'DESCRIÇÃO',
  sourceConfig: 'arquivo',
  sourceDefault: 'padrão',
  sourceUnset: 'sem valor',
  sourceConfigOfProfile: 'arquivo, perfil {profile}',
  sourceDefaultOfProfile: 'padrão, perfil {profile}',
  sourceUnsetOfProfile: 'sem valor, perfil {profile}',
  settingStored: '{name} = {value}',
  settingStoredInProfile: '{name} = {value} (perfil {profile})',
  settingRemoved: '{name} voltou ao padrão',
  settingRemovedInProfile: '{name} voltou ao padrão (perfil {profile})',
});

import { portuguese } from '../catalog.js';
import type { ContextEnglish } from '../en/context.js';

export const contextPortuguese = portuguese<ContextEnglish>()({
  requestTimeoutAboveZero: '--request-timeout: deve ser maior que zero',
  noGatewayUrl: 'o perfil "{profile}" não tem URL do gateway',
  loginOrBaseUrl: 'rode {login}, passe --base-url ou defina PAYGATE_BASE_URL',
  notLoggedIn: 'sem login: ainda não há nenhum perfil',
  profileMissing: 'o perfil {profile} não existe; {there}',
  profileMissingNamedByVariable: 'o perfil {profile} (indicado por PAYGATE_PROFILE) não existe; {there}',
  profileMissingCurrent: 'o perfil {profile} (o perfil atual) não existe; {there}',
  noProfilesYet: 'ainda não há nenhum perfil',
  profilesAre: 'os perfis são {profiles}',
  createProfile: 'crie o perfil com {login}',
  storedKey: 'a chave guardada no perfil "{profile}"',
  keyNotOneLine:
    '{where}: uma chave é uma linha de caracteres visíveis; esta tem um espaço, uma quebra de linha ou um caractere de controle (nada foi enviado)',
  setKeyAgain: 'defina {variable} de novo, ou rode {login}',
});

// The Portuguese help of `login`, `logout` and `profile` (src/commands/auth/spec.ts, flags.ts),
// by the keys of docs/language.md; test/text/help-keys-payout-and-more.test.ts holds it in step.
export const authHelp: Readonly<Record<string, string>> = {
  login: 'Guarda a URL de um gateway e as chaves num perfil, conferidas com GET /v1/account',
  'login: description':
    'Num terminal pergunta a URL do gateway e a chave secreta (oculta). Sem terminal, passe --base-url e ' +
    'a chave pela entrada padrão com --secret-key-stdin. Chaves nunca vão em flags: apareceriam no `ps`.',
  'login --secret-key-stdin': 'lê a chave secreta da entrada padrão',
  'login --public-key': 'chave pública (para tokens de cartão; não é secreta)',
  'login --sandbox':
    'entra num sandbox em execução com as chaves do vendedor principal (padrão http://127.0.0.1:4010)',
  logout: 'Remove as chaves do perfil atual',
  profile: 'Gerencia perfis (gateways e suas chaves)',
  'profile list': 'Lista os perfis com suas URLs e chaves mascaradas',
  'profile use': 'Torna um perfil o atual',
  'profile use <name>': 'nome do perfil',
  'profile remove': 'Apaga um perfil e suas chaves',
  'profile remove: description': 'Num terminal pergunta antes (as chaves vão junto); --yes não pergunta.',
  'profile remove <name>': 'nome do perfil',
  'profile remove --yes': 'não pede confirmação',
};

// The Portuguese help of `config` (src/commands/config/spec.ts, flags.ts), by the keys of
// docs/language.md; test/text/help-keys-payout-and-more.test.ts holds it in step with the spec.
export const configHelp: Readonly<Record<string, string>> = {
  config: 'Lê e altera configurações',
  'config list': 'Mostra cada configuração com seu valor e de onde ele vem',
  'config get': 'Mostra uma configuração',
  'config get <name>': 'nome da configuração',
  'config set': 'Altera uma configuração',
  'config set <name>': 'nome da configuração',
  'config set <value>': 'novo valor',
  'config unset': 'Volta uma configuração ao padrão',
  'config unset <name>': 'nome da configuração',
  'config path': 'Mostra o caminho do arquivo de configuração',
};

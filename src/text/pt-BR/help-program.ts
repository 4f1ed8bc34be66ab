// The help of the program itself in Portuguese, by help key (docs/language.md): its description,
// the global options (src/global-options.ts), `help`, its topics, and the flags that read the same
// in every command that has them.
export const programHelpPortuguese: Readonly<Record<string, string>> = {
  paygate:
    'Cobranças Pix, transferências e split de pagamento num gateway brasileiro, do terminal e do cron.',
  '--profile': 'perfil a usar (padrão: o perfil atual)',
  '--base-url': 'URL do gateway (substitui a do perfil)',
  '--output': 'formato da saída',
  '--json': 'saída em JSON (o mesmo que -o json)',
  '--excel':
    'CSV que uma planilha em pt-BR abre em colunas (;, BOM, 1,50, DD/MM/AAAA HH:MM no TZ ou em São Paulo)',
  '--no-color': 'sem cores',
  '--no-input': 'nunca pergunta; um valor que falta é um erro',
  '--quiet': 'só dados e erros',
  '--debug': 'mostra pedidos e respostas HTTP (segredos ocultos) no stderr',
  '--request-timeout': 'tempo máximo de cada pedido HTTP',
  '--yes': 'não pede confirmação',
  help: 'Ajuda sobre um comando ou um tópico (exit-codes, environment)',
  'help <words>': 'um comando (`charge create`) ou um tópico',
  'topic exit-codes': 'O que significa cada código de saída',
  'topic environment': 'Variáveis de ambiente que o paygate lê',
};

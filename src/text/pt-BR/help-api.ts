// The help of `api` in Portuguese, by help key (docs/language.md).
export const apiHelpPortuguese: Readonly<Record<string, string>> = {
  api: 'Faz um pedido autenticado à API e mostra o corpo da resposta',
  'api: description':
    'Como o `gh api`: o caminho é relativo ao prefixo da API (/v1/...). Corpos de POST nunca são ' +
    'reenviados.',
  'api <method>': 'método HTTP',
  'api <path>': 'caminho, como /v1/charges?limit=5',
  'api --data':
    'corpo do pedido: texto JSON, ou @arquivo para lê-lo de um arquivo (@- para a entrada padrão)',
  'api --public': 'autentica com a chave pública em vez da chave secreta',
  'api --include': 'mostra o status HTTP e os cabeçalhos antes do corpo (no stderr)',
};

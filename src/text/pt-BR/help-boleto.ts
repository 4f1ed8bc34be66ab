// The help of `boleto` in Portuguese, by help key (docs/language.md).
export const boletoHelpPortuguese: Readonly<Record<string, string>> = {
  boleto: 'Confere boletos sem conexão',
  'boleto inspect':
    'Confere a linha digitável ou o código de barras de um boleto (todos os dígitos) e lê seus campos',
  'boleto inspect: description':
    'Sem conexão: nada é enviado. Aceita uma linha digitável de banco de 47 dígitos, uma de convênio de ' +
    '48 dígitos ou um código de barras de 44 dígitos, com ou sem espaços e pontos; converte linha e ' +
    'código de barras nos dois sentidos. O fator de vencimento recomeçou em 1000 em 22/02/2025, então um ' +
    'fator indica duas datas: mostra a mais próxima de hoje e lista as duas. Saída 2 indicando cada ' +
    'campo errado.',
  'boleto inspect <line>': 'a linha digitável ou o código de barras, ou - para ler da entrada padrão',
};

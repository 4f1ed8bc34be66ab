// The help of `token` in Portuguese, by help key (docs/language.md).
export const tokenHelpPortuguese: Readonly<Record<string, string>> = {
  token: 'Gera tokens de cartão',
  'token card': 'Gera o token de um cartão com a chave pública',
  'token card: description':
    'Os dados do cartão vêm de perguntas com digitação oculta, ou em JSON pela entrada padrão ' +
    '({"number","holder_name","exp_month","exp_year","cvv"}), nunca de flags. O número é conferido ' +
    '(Luhn, validade) e nunca é mostrado nem guardado.',
  'token card --stdin': 'lê o cartão em JSON da entrada padrão',
};

// The Portuguese help of `split` (src/commands/split/spec.ts, flags.ts), by the keys of
// docs/language.md; test/text/help-keys-payout-and-more.test.ts holds it in step with the spec.
export const splitHelp: Readonly<Record<string, string>> = {
  split: 'Planeja o split de pagamento',
  'split preview': 'Calcula taxa e split sem conexão, conferindo cada regra de split',
  'split preview: description':
    'Uma estimativa: valem os números do gateway. Entradas: VENDEDOR=PARTE[:descrição], VENDEDOR o id ' +
    'ou e-mail de um vendedor, PARTE 30% ou um valor em dinheiro. Saída 2 nomeando cada regra violada.',
  'split preview --amount': 'valor da cobrança',
  'split preview --method':
    'forma de pagamento cuja configuração de taxa vale (fee.pix, fee.card, fee.boleto)',
  'split preview --fee-rate': 'taxa em percentual (padrão: a configuração de taxa da forma; pix 3,99)',
  'split preview --split': 'entrada do split (repetível)',
  'split preview --resolve': 'procura as entradas por e-mail e confere se cada vendedor pode receber',
};

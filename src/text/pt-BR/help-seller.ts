// The Portuguese help of `seller` (src/commands/seller/spec.ts, flags.ts), by the keys of
// docs/language.md; test/text/help-keys-payout-and-more.test.ts holds it in step with the spec.
export const sellerHelp: Readonly<Record<string, string>> = {
  seller: 'Consulta vendedores (para o split de pagamento)',
  'seller find': 'Procura um vendedor pelo e-mail (saída 3 quando não há nenhum)',
  'seller find <email>': 'e-mail do vendedor',
};

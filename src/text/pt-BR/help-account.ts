// The Portuguese help of `account` and `balance` (src/commands/account/spec.ts), by the keys of
// docs/language.md; test/text/help-keys-payout-and-more.test.ts holds it in step with the spec.
export const accountHelp: Readonly<Record<string, string>> = {
  account: 'Mostra a conta da chave atual (GET /v1/account)',
  balance: 'Mostra o saldo disponível, a receber e reservado (GET /v1/balance)',
};

// The help of `demo` in Portuguese, by help key (docs/language.md).
export const demoHelpPortuguese: Readonly<Record<string, string>> = {
  demo: 'A história completa num sandbox privado, dentro do processo: cobrança com split, QR, pagamento, webhooks, transferência',
  'demo: description':
    'Não mexe em nenhum perfil ou configuração sua e não precisa de conta. No terminal, avança um passo ' +
    'a cada Enter; num script (ou com --no-input ou --pace), vai direto até o fim. Saída 0 quando todos ' +
    'os passos deram certo.',
  'demo --pace': 'vai direto até o fim, com esta pausa entre os passos (0s: sem pausa)',
};

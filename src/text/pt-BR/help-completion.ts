// The help of `completion` in Portuguese, by help key (docs/language.md).
export const completionHelpPortuguese: Readonly<Record<string, string>> = {
  completion: 'Mostra o script de autocompletar do shell',
  'completion <shell>': 'shell',
};

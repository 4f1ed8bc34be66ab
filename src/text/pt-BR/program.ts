import { portuguese } from '../catalog.js';
import type { ProgramEnglish } from '../en/program.js';

export const programPortuguese = portuguese<ProgramEnglish>()({
  usageTitle: 'Uso:',
  optionsInUsage: '[opções]',
  commandInUsage: '[comando]',
  optionsTitle: 'Opções:',
  globalOptionsTitle: 'Opções globais:',
  commandsTitle: 'Comandos:',
  argumentsTitle: 'Argumentos:',
  examplesTitle: 'Exemplos:',
  helpTopics: 'Tópicos de ajuda: {topics}',
  helpOption: 'mostra a ajuda do comando',
  helpCommand: 'mostra a ajuda de um comando',
  commandOrTopic: 'um comando ou um tópico de ajuda',
  versionOption: 'mostra a versão',
  withChoices: '{description} (valores: {choices})',
  withDefault: '{description} (padrão: {value})',
  withChoicesAndDefault: '{description} (valores: {choices}; padrão: {value})',
  onlyChoices: '(valores: {choices})',
  onlyDefault: '(padrão: {value})',
  onlyChoicesAndDefault: '(valores: {choices}; padrão: {value})',
  unknownOption: "opção desconhecida '{option}'",
  unknownOptionDidYouMean: "opção desconhecida '{option}'\n(Você quis dizer {suggestion}?)",
  unknownOptionDidYouMeanOneOf: "opção desconhecida '{option}'\n(Você quis dizer uma destas: {suggestions}?)",
  unknownCommand: "comando desconhecido '{command}'",
  unknownCommandDidYouMean: "comando desconhecido '{command}'\n(Você quis dizer {suggestion}?)",
  unknownCommandDidYouMeanOneOf:
    "comando desconhecido '{command}'\n(Você quis dizer um destes: {suggestions}?)",
  missingArgument: "falta o argumento obrigatório '{argument}'",
  optionArgumentMissing: "falta o valor da opção '{option}'",
  requiredOptionMissing: "a opção obrigatória '{option}' não foi informada",
  optionsConflict: "a opção '{option}' não pode ser usada com a opção '{other}'",
  tooManyArguments: {
    one: 'argumentos demais: esperado {count} argumento, recebidos {received}.',
    other: 'argumentos demais: esperados {count} argumentos, recebidos {received}.',
  },
  tooManyArgumentsFor: {
    one: "argumentos demais para '{command}': esperado {count} argumento, recebidos {received}.",
    other: "argumentos demais para '{command}': esperados {count} argumentos, recebidos {received}.",
  },
});

// Commander's own words around the help (headings, the help and version options, the notes on
// a flag's choices and default) and its errors on a command line it cannot parse. The texts of
// the commands themselves are help keys (catalog.ts helpText), written in the specs.
import { englishTexts } from '../catalog.js';

const programEnglish = {
  usageTitle: 'Usage:',
  optionsInUsage: '[options]',
  commandInUsage: '[command]',
  optionsTitle: 'Options:',
  globalOptionsTitle: 'Global Options:',
  commandsTitle: 'Commands:',
  argumentsTitle: 'Arguments:',
  examplesTitle: 'Examples:',
  helpTopics: 'Help topics: {topics}',
  helpOption: 'display help for command',
  helpCommand: 'display help for command',
  commandOrTopic: 'a command or a help topic',
  versionOption: 'print the version',
  withChoices: '{description} (choices: {choices})',
  withDefault: '{description} (default: {value})',
  withChoicesAndDefault: '{description} (choices: {choices}, default: {value})',
  onlyChoices: '(choices: {choices})',
  onlyDefault: '(default: {value})',
  onlyChoicesAndDefault: '(choices: {choices}, default: {value})',
  unknownOption: "unknown option '{option}'",
  unknownOptionDidYouMean: "unknown option '{option}'\n(Did you mean {suggestion}?)",
  unknownOptionDidYouMeanOneOf: "unknown option '{option}'\n(Did you mean one of {suggestions}?)",
  unknownCommand: "unknown command '{command}'",
  unknownCommandDidYouMean: "unknown command '{command}'\n(Did you mean {suggestion}?)",
  unknownCommandDidYouMeanOneOf: "unknown command '{command}'\n(Did you mean one of {suggestions}?)",
  missingArgument: "missing required argument '{argument}'",
  optionArgumentMissing: "option '{option}' argument missing",
  requiredOptionMissing: "required option '{option}' not specified",
  optionsConflict: "option '{option}' cannot be used with option '{other}'",
  tooManyArguments: {
    one: 'too many arguments. Expected {count} argument but got {received}.',
    other: 'too many arguments. Expected {count} arguments but got {received}.',
  },
  tooManyArgumentsFor: {
    one: "too many arguments for '{command}'. Expected {count} argument but got {received}.",
    other: "too many arguments for '{command}'. Expected {count} arguments but got {received}.",
  },
} as const;

export type ProgramEnglish = typeof programEnglish;
export const sayProgram = englishTexts('program', programEnglish);

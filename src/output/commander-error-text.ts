// Commander's errors on a command line it cannot parse (an unknown flag, a missing argument…),
// said in the run's language. Commander writes them in English only, with the values inside: the
// message is read back into its values by its code and said from the catalog's `program` area.
// A message of a shape not known here is printed as commander wrote it. A value outside a flag's
// or an argument's choices is said by the rule every such refusal uses (`mustBeOneOf`).
import type { CommanderError } from 'commander';
import { argumentName, ruleBroken, sayFact } from '../errors.js';
import { sayProgram } from '../text/en/program.js';
import { argumentWord, longFlagOf, takenWords } from '../text/help-keys.js';

type Reading = (match: RegExpExecArray) => string;

/** Each code's English shapes, most precise first, and how each is said. */
const SHAPES: Readonly<Record<string, ReadonlyArray<readonly [RegExp, Reading]>>> = {
  'commander.unknownOption': [
    [
      /^unknown option '(.*)'\n\(Did you mean one of (.*)\?\)$/s,
      ([, option, suggestions]) =>
        sayProgram('unknownOptionDidYouMeanOneOf', { option: option!, suggestions: suggestions! }),
    ],
    [
      /^unknown option '(.*)'\n\(Did you mean (.*)\?\)$/s,
      ([, option, suggestion]) =>
        sayProgram('unknownOptionDidYouMean', { option: option!, suggestion: suggestion! }),
    ],
    [/^unknown option '(.*)'$/s, ([, option]) => sayProgram('unknownOption', { option: option! })],
  ],
  'commander.unknownCommand': [
    [
      /^unknown command '(.*)'\n\(Did you mean one of (.*)\?\)$/s,
      ([, command, suggestions]) =>
        sayProgram('unknownCommandDidYouMeanOneOf', { command: command!, suggestions: suggestions! }),
    ],
    [
      /^unknown command '(.*)'\n\(Did you mean (.*)\?\)$/s,
      ([, command, suggestion]) =>
        sayProgram('unknownCommandDidYouMean', { command: command!, suggestion: suggestion! }),
    ],
    [/^unknown command '(.*)'$/s, ([, command]) => sayProgram('unknownCommand', { command: command! })],
  ],
  'commander.missingArgument': [
    [
      /^missing required argument '(.*)'$/s,
      ([, argument]) => sayProgram('missingArgument', { argument: argumentWord(argument!) }),
    ],
  ],
  'commander.optionMissingArgument': [
    [
      /^option '(.*)' argument missing$/s,
      ([, option]) => sayProgram('optionArgumentMissing', { option: takenWords(option!) }),
    ],
  ],
  'commander.missingMandatoryOptionValue': [
    [
      /^required option '(.*)' not specified$/s,
      ([, option]) => sayProgram('requiredOptionMissing', { option: takenWords(option!) }),
    ],
  ],
  'commander.conflictingOption': [
    [
      /^option '(.*)' cannot be used with option '(.*)'$/s,
      ([, option, other]) =>
        sayProgram('optionsConflict', { option: takenWords(option!), other: takenWords(other!) }),
    ],
  ],
  'commander.excessArguments': [
    [
      /^too many arguments for '(.*)'\. Expected (\d+) arguments? but got (\d+)\.$/s,
      ([, command, expected, received]) =>
        sayProgram('tooManyArgumentsFor', {
          command: command!,
          count: Number(expected),
          received: received!,
        }),
    ],
    [
      /^too many arguments\. Expected (\d+) arguments? but got (\d+)\.$/s,
      ([, expected, received]) =>
        sayProgram('tooManyArguments', { count: Number(expected), received: received! }),
    ],
  ],
  'commander.invalidArgument': [
    [
      /^option '(.*)' argument '(.*)' is invalid\. Allowed choices are (.*)\.$/s,
      ([, option, value, choices]) =>
        sayFact(ruleBroken('mustBeOneOf', { field: longFlagOf(option!), value: value!, values: choices! })),
    ],
    [
      /^command-argument value '(.*)' is invalid for argument '(.*)'\. Allowed choices are (.*)\.$/s,
      ([, value, argument, choices]) =>
        sayFact(
          ruleBroken('mustBeOneOf', { field: argumentName(argument!), value: value!, values: choices! }),
        ),
    ],
  ],
};

/** The message of a commander error (without its `error: `), in the run's language. */
export function commanderErrorMessage(error: CommanderError): string {
  const message = error.message.replace(/^error: /, '');
  for (const [shape, say] of SHAPES[error.code] ?? []) {
    const match = shape.exec(message);
    if (match) return say(match);
  }
  return message;
}

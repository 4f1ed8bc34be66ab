// zsh: _arguments specs, one function per command, dispatching on the subcommand like the
// completions zsh ships (e.g. _git). Works autoloaded from $fpath (#compdef) or sourced.
import { continued, header, indent, names, oneLine, ownOptions, shQuote, takesFile } from './script-parts.js';
import { type CompletionCommand, type CompletionOption, type CompletionTree, walk } from './tree.js';

/** Text inside the [...] explanation of an _arguments spec. */
const zshExplanation = (text: string) =>
  oneLine(text)
    .replace(/\\/g, '\\\\')
    .replace(/([[\]])/g, '\\$1');
/** The message or a value of an _arguments action (colons separate the parts). */
const zshPart = (text: string) => oneLine(text).replace(/\\/g, '\\\\').replace(/:/g, '\\:');

/** A word of a `((value\:description ...))` list: the list is eval'd, so quote what the shell reads. */
const zshWord = (text: string) => oneLine(text).replace(/[\\ ()'"`$;&|<>:~#*?[\]{}!]/g, '\\$&');

function zshAction(
  valueName: string,
  choices: readonly string[] | undefined,
  file: boolean,
  described?: Readonly<Record<string, string>>,
): string {
  if (choices && described) {
    const items = choices.map((choice) => `${zshWord(choice)}\\:${zshWord(described[choice] ?? '')}`);
    return `${zshPart(valueName)}:((${items.join(' ')}))`;
  }
  if (choices) return `${zshPart(valueName)}:(${choices.map(zshWord).join(' ')})`;
  if (file) return `${zshPart(valueName)}:_files`;
  return `${zshPart(valueName)}: `;
}

function zshOptionSpecs(option: CompletionOption): string[] {
  const all = names(option);
  const exclusion = option.repeatable ? '*' : all.length > 1 ? `(${all.join(' ')})` : '';
  const isHelp = option.long === '--help' || option.long === '--version';
  return all.map((name) => {
    let suffix = '';
    if (option.value === 'required') suffix = name.startsWith('--') ? '=' : '+';
    if (option.value === 'optional') suffix = name.startsWith('--') ? '=-' : '-';
    const guard = isHelp ? '(- *)' : exclusion;
    let spec = `${guard}${name}${suffix}[${zshExplanation(option.description)}]`;
    if (option.value !== 'none') {
      spec += `:${zshAction(option.valueName ?? 'value', option.choices, takesFile(option))}`;
    }
    return shQuote(spec);
  });
}

function zshFunctionName(tree: CompletionTree, command: CompletionCommand): string {
  return ['_' + tree.program, ...command.path].join('_').replace(/[^\w]/g, '_');
}

/** The array holding the specs of the global options, shared by every function. */
const zshGlobalsName = (tree: CompletionTree) => `_${tree.program.replace(/\W/g, '_')}_global_options`;

function zshFunction(tree: CompletionTree, command: CompletionCommand): string {
  const name = zshFunctionName(tree, command);
  // The program's function lists its options itself; the others add the shared global ones.
  const isRoot = command.path.length === 0;
  const specs = [
    ...(isRoot ? command.options : ownOptions(tree, command)).flatMap(zshOptionSpecs),
    ...(isRoot ? [] : [`"\${${zshGlobalsName(tree)}[@]}"`]),
  ];
  if (command.commands.length > 0) {
    const list = command.commands.map((child) => shQuote(`${zshPart(child.name)}:${oneLine(child.summary)}`));
    const arms = command.commands.map(
      (child) => `${shQuote(child.name)}) ${zshFunctionName(tree, child)} ;;`,
    );
    const title = [tree.program, ...command.path].join(' ');
    const context = [tree.program, ...command.path].join('-');
    return `${name}() {
  local curcontext="$curcontext" state state_descr line ret=1
  typeset -A opt_args
  _arguments -s -S -C \\
${indent(
  specs.map((spec) => `${spec} \\`),
  4,
)}
    ': :->command' \\
    '*:: :->args' && ret=0
  case $state in
    command)
      local -a commands
      commands=(
${indent(list, 8)}
      )
      _describe -t commands ${shQuote(`${title} command`)} commands && ret=0
      ;;
    args)
      curcontext="\${curcontext%:*:*}:${context}-$words[1]:"
      case $words[1] in
${indent(arms, 8)}
      esac
      ;;
  esac
  return ret
}
`;
  }
  const argumentSpecs = command.arguments.map((argument) => {
    const lead = argument.variadic ? '*:' : argument.required ? ':' : '::';
    return shQuote(
      `${lead}${zshAction(argument.name, argument.choices, false, argument.choiceDescriptions)}`,
    );
  });
  const lines = [...specs, ...argumentSpecs];
  return `${name}() {
  _arguments -s -S \\
${continued(lines, 4)}
}
`;
}

export function generateZsh(tree: CompletionTree): string {
  const p = tree.program;
  const main = zshFunctionName(tree, tree.root);
  const globals = tree.globalOptions.flatMap(zshOptionSpecs);
  const functions = walk(tree.root).map((command) => zshFunction(tree, command));
  return `#compdef ${p}
${header(tree, 'zsh', '#')}# Install: ${p} completion zsh > "\${fpath[1]}/_${p}"   (or: source <(${p} completion zsh) after compinit)

# Options accepted after any command.
typeset -ga ${zshGlobalsName(tree)}
${zshGlobalsName(tree)}=(
${indent(globals, 2)}
)

${functions.join('\n')}
if [[ $funcstack[1] == ${main} ]]; then
  ${main} "$@"
else
  compdef ${main} ${p}
fi
`;
}

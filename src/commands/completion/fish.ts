// fish: `complete` rules conditioned on the command path and argument position, which one helper
// computes from the tokens before the cursor.
import { fishQuote, header, key, names, oneLine, ownOptions, takesFile } from './script-parts.js';
import { type CompletionCommand, type CompletionOption, type CompletionTree, walk } from './tree.js';

export function generateFish(tree: CompletionTree): string {
  const p = tree.program;
  const fn = `__${p.replace(/\W/g, '_')}`;
  return `${header(tree, 'fish', '#')}# Install: ${p} completion fish > ~/.config/fish/completions/${p}.fish

${fishFunctions(tree, fn)}
# No file names unless a flag takes a file.
complete -c ${p} -f

${fishRules(tree, fn).join('\n')}
`;
}

/** The `complete` rules: global options, then each command's subcommands, options and argument values. */
function fishRules(tree: CompletionTree, fn: string): string[] {
  const p = tree.program;
  const commands = walk(tree.root);
  const lines: string[] = [];
  const at = (command: CompletionCommand, nargs?: number) =>
    `-n ${fishQuote(`${fn}_at ${fishQuote(key(command))}${nargs === undefined ? '' : ` ${nargs}`}`)}`;
  const optionLine = (option: CompletionOption, condition: string) => {
    const parts = [`complete -c ${p}`];
    if (condition) parts.push(condition);
    if (option.short) parts.push(`-s ${option.short.slice(1)}`);
    if (option.long) parts.push(`-l ${option.long.slice(2)}`);
    if (option.value === 'required') {
      if (option.choices) parts.push(`-x -a ${fishQuote(option.choices.join(' '))}`);
      else if (takesFile(option)) parts.push('-r -F');
      else parts.push('-x');
    }
    parts.push(`-d ${fishQuote(oneLine(option.description))}`);
    return parts.join(' ');
  };

  lines.push(`# Global options, accepted after any command.`);
  for (const option of tree.globalOptions) lines.push(optionLine(option, ''));
  for (const command of commands) {
    lines.push('', `# ${[p, ...command.path].join(' ')}`);
    for (const child of command.commands) {
      lines.push(
        `complete -c ${p} ${at(command, 0)} -a ${fishQuote(child.name)} -d ${fishQuote(oneLine(child.summary))}`,
      );
    }
    for (const option of ownOptions(tree, command)) lines.push(optionLine(option, at(command)));
    command.arguments.forEach((argument, index) => {
      if (!argument.choices) return;
      const condition = argument.variadic ? at(command) : at(command, index);
      const described = argument.choiceDescriptions;
      if (described) {
        for (const choice of argument.choices) {
          lines.push(
            `complete -c ${p} ${condition} -a ${fishQuote(choice)} -d ${fishQuote(oneLine(described[choice] ?? ''))}`,
          );
        }
      } else {
        lines.push(
          `complete -c ${p} ${condition} -a ${fishQuote(argument.choices.join(' '))} -d ${fishQuote(oneLine(argument.description))}`,
        );
      }
    });
  }

  return lines;
}

/** The helpers the rules call: which options take a value, which words are commands, where the cursor is. */
function fishFunctions(tree: CompletionTree, fn: string): string {
  const commands = walk(tree.root);
  const valueCases: string[] = [];
  for (const command of commands) {
    for (const option of command.options) {
      if (option.value !== 'required') continue;
      valueCases.push(...names(option).map((name) => fishQuote(`${key(command)}|${name}`)));
    }
  }
  const globalValueNames = tree.globalOptions.filter((option) => option.value === 'required').flatMap(names);

  const commandNames = commands
    .filter((command) => command.path.length > 0)
    .map((command) => fishQuote(key(command)));
  return `# Does option $argv[2] of command $argv[1] take a value in the next token?
function ${fn}_takes_value
    switch $argv[2]
        case ${globalValueNames.map(fishQuote).join(' ') || "''"}
            return 0
    end
    switch "$argv[1]|$argv[2]"
        case ${valueCases.join(' ') || "''"}
            return 0
    end
    return 1
end

function ${fn}_is_command
    switch $argv[1]
        case ${commandNames.join(' ')}
            return 0
    end
    return 1
end

# Prints "<number of arguments> <command path>" for the tokens before the cursor (cached per line).
function ${fn}_state
    set -l line (commandline -pc)
    if test "$line" = "$${fn}_cache_line"
        echo $${fn}_cache_state
        return
    end
    set -l tokens (commandline -xpc 2>/dev/null; or commandline -opc)
    set -e tokens[1]
    set -l cmd_path ''
    set -l nargs 0
    set -l skip 0
    set -l dashdash 0
    for token in $tokens
        if test $skip -eq 1
            set skip 0
            continue
        end
        if test $dashdash -eq 0
            switch $token
                case --
                    set dashdash 1
                    continue
                case '-*=*'
                    continue
                case '-*'
                    ${fn}_takes_value "$cmd_path" $token; and set skip 1
                    continue
            end
        end
        set -l next (string trim -- "$cmd_path $token")
        if test $nargs -eq 0; and ${fn}_is_command $next
            set cmd_path $next
        else
            set nargs (math $nargs + 1)
        end
    end
    set -g ${fn}_cache_line $line
    set -g ${fn}_cache_state "$nargs $cmd_path"
    echo "$nargs $cmd_path"
end

# True when the cursor is after command $argv[1] and, if given, after $argv[2] arguments.
function ${fn}_at
    set -l state (string split -m 1 ' ' -- (${fn}_state))
    test "$state[2]" = "$argv[1]"; or return 1
    test (count $argv) -lt 2; or test "$state[1]" = "$argv[2]"
end
`;
}

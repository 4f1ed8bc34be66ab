// bash: one function reading COMP_WORDS/COMP_CWORD; no dependency on the bash-completion package.
import { header, indent, key, names, optionsOf, ownOptions, shQuote, takesFile } from './script-parts.js';
import { type CompletionTree, walk } from './tree.js';

/** `'a'|'b') body ;;` */
function caseArm(patterns: string[], body: string): string {
  return `${patterns.map(shQuote).join('|')}) ${body} ;;`;
}

export function generateBash(tree: CompletionTree): string {
  const p = tree.program;
  const fn = `__${p.replace(/\W/g, '_')}`;
  const entry = `_${p.replace(/\W/g, '_')}`;
  const arms = bashArms(tree);
  return `${header(tree, 'bash', '#')}# Install: ${p} completion bash > /etc/bash_completion.d/${p}   (or: source <(${p} completion bash) in ~/.bashrc)

${bashHelpers(p, fn, arms)}
${bashEntry(fn, entry, arms)}
complete -F ${entry} ${p}
`;
}

/** The `case` arms of the bash script, from the tree. */
function bashArms(tree: CompletionTree) {
  const commands = walk(tree.root);
  const words = (list: readonly string[]) => `words=${shQuote(list.join(' '))}`;

  // Options taking a value: the command's own (matched on "path|option"), then the global ones
  // (matched on the option alone: they are accepted after any command).
  const valuePatterns: string[] = [];
  const valueArms: string[] = [];
  const filePatterns: string[] = [];
  for (const command of commands) {
    for (const option of ownOptions(tree, command)) {
      if (option.value !== 'required') continue;
      const patterns = names(option).map((name) => `${key(command)}|${name}`);
      valuePatterns.push(...patterns);
      if (option.choices) valueArms.push(caseArm(patterns, words(option.choices)));
      else if (takesFile(option)) filePatterns.push(...patterns);
    }
  }
  const globalValue = tree.globalOptions.filter((option) => option.value === 'required');
  const globalValueArms = globalValue
    .filter((option) => option.choices)
    .map((option) => caseArm(names(option), words(option.choices!)));
  if (filePatterns.length) valueArms.push(caseArm(filePatterns, 'files=1'));

  const commandPatterns = commands.filter((command) => command.path.length > 0).map(key);
  const subcommandArms = commands
    .filter((command) => command.commands.length > 0)
    .map((command) => caseArm([key(command)], words(command.commands.map((child) => child.name))));
  const optionArms = commands.map((command) =>
    caseArm([key(command)], words(optionsOf(tree, command).map((option) => (option.long ?? option.short)!))),
  );
  const argumentArms: string[] = [];
  for (const command of commands) {
    command.arguments.forEach((argument, index) => {
      if (!argument.choices) return;
      const position = argument.variadic ? '*' : String(index);
      argumentArms.push(`${shQuote(`${key(command)}|`)}${position}) ${words(argument.choices)} ;;`);
    });
  }

  return {
    valuePatterns,
    valueArms,
    globalValue,
    globalValueArms,
    commandPatterns,
    subcommandArms,
    optionArms,
    argumentArms,
  };
}

type BashArms = ReturnType<typeof bashArms>;

const orNothing = (list: string[]) => (list.length ? list.map(shQuote).join('|') : "''");

/** Is a word a command; does an option take its value in the next word. */
function bashHelpers(p: string, fn: string, arms: BashArms): string {
  const { commandPatterns, globalValue, valuePatterns } = arms;
  return `# Is "$1" (words after ${p}) a command?
${fn}_is_command() {
  case "$1" in
    ${orNothing(commandPatterns)}) return 0 ;;
  esac
  return 1
}

# Does option "$2" of command "$1" take its value in the next word?
${fn}_takes_value() {
  case "$2" in
    ${orNothing(globalValue.flatMap(names))}) return 0 ;;
  esac
  case "$1|$2" in
    ${orNothing(valuePatterns)}) return 0 ;;
  esac
  return 1
}
`;
}

/** The completion function: walks the words before the cursor, then offers values, options, commands or arguments. */
function bashEntry(fn: string, entry: string, arms: BashArms): string {
  const { valueArms, globalValueArms, optionArms, subcommandArms, argumentArms } = arms;
  return `${entry}() {
  local cur="\${COMP_WORDS[COMP_CWORD]}"
  local cmd_path="" word value_of="" prefix="" words="" files=0 nargs=0 dashdash=0 i
  for ((i = 1; i < COMP_CWORD; i++)); do
    word="\${COMP_WORDS[i]}"
    if [[ -n $value_of ]]; then
      # "--output=json" arrives as "--output" "=" "json" (= is in COMP_WORDBREAKS).
      [[ $word == "=" ]] && continue
      value_of=""
      continue
    fi
    if ((!dashdash)); then
      case "$word" in
        --) dashdash=1; continue ;;
        -*=*) continue ;;
        -*) ${fn}_takes_value "$cmd_path" "$word" && value_of="$word"; continue ;;
      esac
    fi
    if ((nargs == 0)) && ${fn}_is_command "$cmd_path\${cmd_path:+ }$word"; then
      cmd_path="$cmd_path\${cmd_path:+ }$word"
    else
      nargs=$((nargs + 1))
    fi
  done
  # The cursor right after "--output=": the word being completed is "=" itself.
  [[ -n $value_of && $cur == "=" ]] && prefix="=" cur=""
  # "--output=js" in one word (when = is not in COMP_WORDBREAKS).
  if [[ -z $value_of && $cur == --*=* ]] && ${fn}_takes_value "$cmd_path" "\${cur%%=*}"; then
    value_of="\${cur%%=*}" prefix="\${cur%%=*}=" cur="\${cur#*=}"
  fi
  COMPREPLY=()

  if [[ -n $value_of ]]; then
    case "$cmd_path|$value_of" in
${indent(valueArms, 6)}
      *)
        case "$value_of" in
${indent(globalValueArms, 10)}
        esac ;;
    esac
    if ((files)); then
      compopt -o filenames 2>/dev/null
      mapfile -t COMPREPLY < <(compgen -f -- "$cur")
    elif [[ -n $words ]]; then
      mapfile -t COMPREPLY < <(compgen -P "$prefix" -W "$words" -- "$cur")
    fi
    return 0
  fi

  if [[ $cur == -* ]] && ((!dashdash)); then
    case "$cmd_path" in
${indent(optionArms, 6)}
    esac
    mapfile -t COMPREPLY < <(compgen -W "$words" -- "$cur")
    return 0
  fi

  case "$cmd_path" in
${indent(subcommandArms, 4)}
  esac
  if [[ -n $words ]]; then
    ((nargs == 0)) && mapfile -t COMPREPLY < <(compgen -W "$words" -- "$cur")
    return 0
  fi
  case "$cmd_path|$nargs" in
${indent(argumentArms, 4)}
  esac
  [[ -n $words ]] && mapfile -t COMPREPLY < <(compgen -W "$words" -- "$cur")
  return 0
}
`;
}

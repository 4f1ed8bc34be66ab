// Asks a real shell what it would complete for a command line, with a completion script loaded.
// Every run is time-bounded; a shell that is not installed is reported by `shellAvailable`.
import { execFile, spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export type ShellName = 'bash' | 'zsh' | 'fish';

const zshCapture = fileURLToPath(new URL('./zsh-capture.zsh', import.meta.url));
const TIMEOUT_MS = 25_000;

/** Installed and usable (zsh also needs its zpty module, which the capture harness drives). */
export function shellAvailable(shell: ShellName): boolean {
  const probe =
    shell === 'zsh'
      ? spawnSync('zsh', ['-f', '-c', 'zmodload zsh/zpty'], { timeout: 5000 })
      : spawnSync(shell, ['-c', 'exit 0'], { timeout: 5000 });
  return probe.error === undefined && probe.status === 0;
}

function exec(file: string, args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(
      file,
      args,
      { timeout: TIMEOUT_MS, env: { PATH: process.env.PATH, HOME: process.env.HOME, TERM: 'xterm' } },
      (error, stdout, stderr) => {
        if (error)
          reject(new Error(`${file} failed (${error.code ?? error.signal}): ${stderr || error.message}`));
        else resolve(stdout);
      },
    );
  });
}

/**
 * The words of a line as bash hands them to a completion function: split on blanks, with `=`
 * a word of its own (it is in COMP_WORDBREAKS); a trailing blank starts an empty word.
 */
export function bashWords(line: string): string[] {
  const words = line
    .split(/\s+/)
    .filter((word) => word !== '')
    .flatMap((word) => word.split(/(=)/).filter((part) => part !== ''));
  if (/\s$/.test(line)) words.push('');
  return words;
}

// Sources the script, finds the function it registered for paygate with `complete -F`, and calls
// it as bash does: COMP_WORDS, COMP_CWORD, COMP_LINE, COMP_POINT set; $1 command, $2 word, $3 previous.
const BASH_DRIVER = `
source "$1" || exit 3
fn=$(complete -p paygate 2>/dev/null | sed -n 's/.* -F \\([^ ]*\\) .*/\\1/p')
[[ -n $fn ]] || { echo "the script registered no completion function for paygate" >&2; exit 4; }
shift
COMP_WORDS=("$@")
COMP_CWORD=$(( $# - 1 ))
COMP_LINE="\${COMP_WORDS[*]}"
COMP_POINT=\${#COMP_LINE}
COMPREPLY=()
"$fn" paygate "\${COMP_WORDS[COMP_CWORD]}" "\${COMP_WORDS[COMP_CWORD-1]}"
printf '%s\\n' "\${COMPREPLY[@]}"
`;

const candidates = (output: string) =>
  output
    .split('\n')
    // fish's `complete -C` answers "candidate<TAB>description" lines.
    .map((candidate) => candidate.split('\t')[0]!.trimEnd())
    .filter((candidate) => candidate !== '');

/** The candidates `shell` offers at the end of each line, with `script` loaded. */
export async function completeMany(shell: ShellName, script: string, lines: string[]): Promise<string[][]> {
  if (shell === 'zsh') {
    // One terminal session for every line: starting zsh with compinit is what takes time.
    const output = await exec('zsh', ['-f', zshCapture, script, ...lines]);
    const sections = output.split(/^### \d+\n/m).slice(1);
    if (sections.length !== lines.length)
      throw new Error(`zsh answered ${sections.length} of ${lines.length} lines:\n${output}`);
    return sections.map(candidates);
  }
  return Promise.all(
    lines.map(async (line) =>
      candidates(
        shell === 'bash'
          ? await exec('bash', [
              '--norc',
              '--noprofile',
              '-c',
              BASH_DRIVER,
              'bash',
              script,
              ...bashWords(line),
            ])
          : await exec('fish', [
              '--no-config',
              '-c',
              'source $argv[1]; and complete -C $argv[2]',
              script,
              line,
            ]),
      ),
    ),
  );
}

/** The candidates `shell` offers at the end of `line`, with `script` loaded. */
export async function complete(shell: ShellName, script: string, line: string): Promise<string[]> {
  return (await completeMany(shell, script, [line]))[0]!;
}

/** Checks the syntax of a script without running it. */
export async function checkSyntax(shell: ShellName, script: string): Promise<void> {
  if (shell === 'fish') await exec('fish', ['--no-config', '--no-execute', script]);
  else await exec(shell, shell === 'bash' ? ['--norc', '--noprofile', '-n', script] : ['-f', '-n', script]);
}

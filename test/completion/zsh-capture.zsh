# Prints the candidates zsh's completion system offers for command lines:
#
#   zsh -f test/completion/zsh-capture.zsh COMPLETION_SCRIPT 'paygate charge ' 'paygate ch' ...
#
# prints, for each line in order, a line `### N` then its candidates one a line (sorted).
#
# One interactive `zsh -f -i` runs in a pseudo-terminal (zsh/zpty) with compinit and the script
# loaded: autoloaded from $fpath when its file name starts with `_` (as installed, `_paygate`),
# sourced otherwise (`source <(paygate completion zsh)`). Each line is typed followed by TAB
# (bound to complete-word), then erased with ^U. `compadd` is wrapped to record the words that
# match what is on the line (the technique of zsh-capture-completion), into a file per line
# rather than the terminal; comppostfuncs marks each completion as over. Every wait is bounded:
# exit 3 when zsh does not answer in time.
zmodload zsh/zpty || exit 3
emulate -L zsh

script=${1:A}
shift
lines=("$@")
work=$(mktemp -d) || exit 3
# No EXIT trap: the process zpty forks would inherit it and run it when the inner shell exits.
finish() {
  zpty -d capture 2>/dev/null
  rm -rf -- $work
  exit $1
}

# Runs in the inner shell. Written to a file (not typed) so the terminal echo cannot interfere.
cat > $work/setup.zsh <<EOF
PS1='' PROMPT='' RPROMPT=''
unsetopt BEEP
if [[ ${(q)script:t} == _* ]]; then
  fpath=(${(q)script:h} \$fpath)
  autoload -Uz compinit && compinit -u -D
else
  autoload -Uz compinit && compinit -u -D
  source ${(q)script}
fi
zstyle ':completion:*' insert-tab false
zstyle ':completion:*' list-grouped false
zstyle ':completion:*' menu no
integer __capture_n=1
compadd() {
  # Calls that only query (-O, -A) or describe (-D) are not offers.
  if [[ \${@[1,(i)(-|--)]} == *-(O|A|D)\\ * ]]; then
    builtin compadd "\$@"
    return
  fi
  local -a __hits
  builtin compadd -O __hits "\$@"
  (( \$#__hits )) && print -rl -- \$__hits >> ${(q)work}/hits.\$__capture_n
  builtin compadd "\$@"
}
# _main_complete empties comppostfuncs before calling them: register again for the next line.
__capture_done() {
  : > ${(q)work}/done.\$__capture_n
  (( __capture_n++ ))
  comppostfuncs=(__capture_done)
}
comppostfuncs=(__capture_done)
bindkey '^I' complete-word
bindkey '^U' kill-whole-line
: > ${(q)work}/ready
EOF

zpty capture zsh -f -i || finish 3
zpty -w capture "source ${(q)work}/setup.zsh"

# Waits up to $1 tenths of a second for file $2.
wait_for() {
  local drained
  local -i tries=$1
  while (( tries-- > 0 )); do
    [[ -e $2 ]] && return 0
    # Drain the terminal so the inner shell never blocks on a full buffer.
    zpty -r -t capture drained 2>/dev/null
    sleep 0.05
  done
  return 1
}

wait_for 200 $work/ready || { print -u2 'zsh did not start'; finish 3 }
integer n=0
for line in $lines; do
  (( n++ ))
  zpty -w -n capture "$line"$'\t'
  wait_for 200 $work/done.$n || { print -u2 "completion of '$line' did not finish"; finish 3 }
  zpty -w -n capture $'\C-u'
  print -r -- "### $n"
  [[ -e $work/hits.$n ]] && sort -u $work/hits.$n
done
finish 0

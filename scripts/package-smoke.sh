#!/usr/bin/env bash
# Smoke test of the single executable (`npm run package` first), as a machine with no Node runs it:
# an empty environment whose PATH holds the executable (as `paygate`) and a few shell tools, and no
# `node` (this machine's /usr/bin may have one, so PATH is a directory of links made here).
# Runs --version, demo, split preview, help and a usage error in English and Portuguese, a sandbox
# with balance --json, and a keyed payout twice (the second run prints the same payout, from the
# journal), and a PostgreSQL journal when PAYGATE_TEST_JOURNAL_URL names one. Exit 0 when all pass.
set -euo pipefail
cd "$(dirname "$0")/.."
executable="$PWD/release/paygate-linux-x64"
[ -x "$executable" ] || { echo "no $executable: run npm run package first" >&2; exit 1; }

work=$(mktemp -d "${TMPDIR:-/tmp}/paygate-package-smoke.XXXXXX")
sandbox_pid=
cleanup() {
  if [ -n "$sandbox_pid" ]; then kill "$sandbox_pid" 2>/dev/null || true; wait "$sandbox_pid" 2>/dev/null || true; fi
  rm -rf "$work"
}
trap cleanup EXIT

mkdir -p "$work/bin" "$work/home"
ln -s "$executable" "$work/bin/paygate"
for tool in sh env cat grep head sed sleep; do ln -s "$(command -v "$tool")" "$work/bin/$tool"; done
run() {
  ${exec_run:+exec} env -i PATH="$work/bin" HOME="$work/home" NO_COLOR=1 TZ=America/Sao_Paulo \
    ${PAYGATE_BASE_URL:+PAYGATE_BASE_URL="$PAYGATE_BASE_URL"} \
    ${PAYGATE_SECRET_KEY:+PAYGATE_SECRET_KEY="$PAYGATE_SECRET_KEY"} \
    ${PAYGATE_JOURNAL_URL:+PAYGATE_JOURNAL_URL="$PAYGATE_JOURNAL_URL"} \
    "$@"
}
fail() { echo "package smoke: $*" >&2; exit 1; }

if run sh -c 'command -v node' >/dev/null; then fail "node is on the smoke's PATH"; fi

version=$(run paygate --version)
expected=$(sed -n 's/^ *"version": "\(.*\)",$/\1/p' package.json | head -1)
[ "$version" = "$expected" ] || fail "--version printed '$version', not '$expected'"
echo "ok --version: $version"

# NODE_OPTIONS is for the user's Node programs, not read by the executable (README).
version=$(run env NODE_OPTIONS="--require $work/no-such-preload.cjs" paygate --version) ||
  fail "--version failed with NODE_OPTIONS set"
[ "$version" = "$expected" ] || fail "--version with NODE_OPTIONS set printed '$version'"
echo "ok NODE_OPTIONS ignored"

run paygate demo --no-input >"$work/demo.out" 2>"$work/demo.err" || { cat "$work/demo.err" >&2; fail "demo failed"; }
grep -q . "$work/demo.out" || fail "demo printed nothing"
echo "ok demo"

# The program's parts and the catalog's areas are assets the executable loads on demand: a part or
# an area missing from it fails only the run that needs it, so runs in both languages, help and a
# usage error (which read other areas than a preview does).
preview=$(run paygate split preview --amount 100.00 --split 1002=100% 2>"$work/preview.err") ||
  { cat "$work/preview.err" >&2; fail "split preview failed"; }
grep -q '^Net  *R\$ 96,01$' <<<"$preview" || fail "split preview printed: $preview"
preview=$(run env PAYGATE_LANG=pt-BR paygate split preview --amount 100.00 --split 1002=100% 2>"$work/preview.err") ||
  { cat "$work/preview.err" >&2; fail "split preview in Portuguese failed"; }
grep -q '^Líquido  *R\$ 96,01$' <<<"$preview" || fail "split preview in Portuguese printed: $preview"
echo "ok split preview in English and Portuguese"
help=$(run paygate payout --help) || fail "payout --help failed"
grep -q '^Usage: paygate payout' <<<"$help" || fail "payout --help printed: $help"
help=$(run env PAYGATE_LANG=pt-BR paygate payout --help) || fail "payout --help in Portuguese failed"
grep -q '^Uso: paygate payout' <<<"$help" || fail "payout --help in Portuguese printed: $help"
echo "ok --help in English and Portuguese"
status=0
run env PAYGATE_LANG=pt-BR paygate split preview --amount ten >/dev/null 2>"$work/usage.err" || status=$?
[ "$status" = 2 ] || fail "a usage error exited $status, not 2"
grep -q '^erro: --amount' "$work/usage.err" || fail "a usage error in Portuguese said: $(cat "$work/usage.err")"
echo "ok a usage error in Portuguese: exit 2"

# In a subshell that becomes the sandbox (exec), so that $! is the sandbox and cleanup stops it.
(exec_run=1 run paygate sandbox start --port 0 --json --seed 1 >"$work/sandbox.out" 2>"$work/sandbox.err") &
sandbox_pid=$!
for _ in $(seq 1 100); do grep -q '"url"' "$work/sandbox.out" 2>/dev/null && break; sleep 0.1; done
line=$(head -1 "$work/sandbox.out")
url=$(sed -n 's/.*"url":"\([^"]*\)".*/\1/p' <<<"$line")
key=$(grep -o '"secret_key":"sk_test_[^"]*"' <<<"$line" | head -1 | sed 's/.*:"\(.*\)"/\1/')
[ -n "$url" ] && [ -n "$key" ] || { cat "$work/sandbox.err" >&2; fail "sandbox start printed no URL and key: $line"; }
echo "ok sandbox start: $url"

export PAYGATE_BASE_URL="$url" PAYGATE_SECRET_KEY="$key"
balance=$(run paygate balance --json) || fail "balance --json failed"
grep -q '"available"' <<<"$balance" || fail "balance --json printed: $balance"
echo "ok balance --json"

# Funds for the payouts: a PIX charge the sandbox marks paid.
charge=$(run paygate charge create --amount 10.00 --json) || fail "charge create failed"
charge_id=$(grep -o '"id": *"ci_[^"]*"' <<<"$charge" | head -1 | sed 's/.*"\(ci_[^"]*\)"$/\1/')
run paygate sandbox pay "$charge_id" >/dev/null 2>&1 || fail "sandbox pay $charge_id failed"
echo "ok charge create and sandbox pay: $charge_id"

payout_twice() {
  local label=$1 first second
  first=$(run paygate payout create --amount 1.00 --key "smoke-$label" --yes --json 2>"$work/payout.err") ||
    { cat "$work/payout.err" >&2; fail "$label: keyed payout failed"; }
  second=$(run paygate payout create --amount 1.00 --key "smoke-$label" --yes --json 2>"$work/payout.err") ||
    { cat "$work/payout.err" >&2; fail "$label: the rerun of the keyed payout failed"; }
  local first_id second_id
  first_id=$(grep -o '"id": *"[^"]*"' <<<"$first" | head -1)
  second_id=$(grep -o '"id": *"[^"]*"' <<<"$second" | head -1)
  [ -n "$first_id" ] && [ "$first_id" = "$second_id" ] || fail "$label: the rerun printed $second_id, not $first_id"
  echo "ok keyed payout, twice, one payout ($label journal): $first_id"
}
payout_twice file

if [ -n "${PAYGATE_TEST_JOURNAL_URL:-}" ]; then
  export PAYGATE_JOURNAL_URL="$PAYGATE_TEST_JOURNAL_URL"
  payout_twice "postgres-$$-$RANDOM"
  unset PAYGATE_JOURNAL_URL
else
  echo "skip the PostgreSQL journal (PAYGATE_TEST_JOURNAL_URL is not set)"
fi
echo "package smoke: all passed"

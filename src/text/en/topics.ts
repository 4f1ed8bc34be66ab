// `paygate help <topic>`: the pages on the contract for scripts, and the refusal of a help that
// does not exist. Each topic's one-line summary is a help key (`topic exit-codes`).
import { englishTexts } from '../catalog.js';

const topicsEnglish = {
  noHelpFor: 'no help for "{words}": see `paygate help` for commands and topics',
  exitCodes: `Exit codes

  0    success
  1    unexpected internal error (a bug; --debug shows the stack), or the output
       could not be written (a full disk): what the command did stands
  2    usage or validation error, or No at a confirmation: nothing was sent
  3    the API refused the request (4xx), including not found; or refused
       locally (balance too low)
  4    authentication or permission failure (401/403, no key configured; the
       journal database refused the password, the role or its privileges)
  5    rate limited and retries exhausted
  6    network failure, timeout or 5xx on a request that is safe to repeat
  7    final status is not a success (charge {chargeFailure},
       payout {payoutFailure})
  8    still pending when --timeout of watch/wait ran out
  9    outcome unknown: a create request was sent and no answer came, or one
       that does not say whether it was made (a 5xx); nothing was retried
       (for payouts run with --key: settle it with
       \`paygate payout reconcile --key K\`)
  10   incomplete: what was read is printed, but the gateway's answers could not
       be read to the end (a bound such as --max-pages, or paging paygate cannot
       drive); a charge find that did not search the whole list ends here,
       never with 3
  130  interrupted (Ctrl-C or SIGTERM) with no create request in flight; a
       watch prints the command that resumes it
`,
  environment: `Environment variables

  PAYGATE_SECRET_KEY    secret key (overrides the profile's)
  PAYGATE_PUBLIC_KEY    public key, for card tokens
  PAYGATE_BASE_URL      gateway URL (overrides the profile's; --base-url
                        overrides this)
  PAYGATE_PROFILE       profile to use (--profile overrides this)
  PAYGATE_CONFIG_DIR    directory of config.json and the journal of --key runs
                        (default $XDG_CONFIG_HOME/paygate or ~/.config/paygate)
  PAYGATE_JOURNAL_URL   postgres://user@host:port/db: keep the --key journal in
                        PostgreSQL, shared by every host using it (journal.url)
  PAYGATE_ALLOW_INSECURE_HTTP=1  send keys to an http:// gateway that is not on
                        this machine (refused otherwise: they would go in clear)
  PAYGATE_LANG          language of messages and help: pt-BR or en (overrides
                        the setting lang, then LC_ALL, LC_MESSAGES, LANG)
  NO_COLOR              no colour when set; FORCE_COLOR forces it
                        (--no-color wins)
  HTTPS_PROXY, HTTP_PROXY, NO_PROXY
                        proxy for API requests
  CI                    when set, never prompt (as with --no-input)

Precedence: flag > environment > profile > default.
Keys are never accepted as flags (they would show in \`ps\`): use a prompt,
--secret-key-stdin or the environment.
`,
} as const;

export type TopicsEnglish = typeof topicsEnglish;
export const sayTopics = englishTexts('topics', topicsEnglish);

import type { Context } from '../../context.js';
import { parseDuration } from '../../domain/duration.js';
import { UsageError } from '../../errors.js';
import { commandLine } from '../../output/printed-commands.js';
import { type Column, writeList } from '../../output/render.js';
import { sanitizeForTerminal } from '../../output/sanitize.js';
import { NO_ARGUMENTS, readArguments, readFlags } from '../options.js';
import type { CommandHandler } from '../types.js';
import { SANDBOX_START_FLAGS } from './flags.js';
import { logLine } from './request-log.js';

/** What the sandbox server is started with (its option names). */
export interface SandboxStartOptions {
  port: number;
  stateFile: string | undefined;
  feeRate: number;
  rateLimit: number;
  autoPayAfterMs: number | undefined;
  webhookUrl: string | undefined;
  webhooksApi: boolean;
  reserveRate: number;
  seed: number | undefined;
}

export const sandboxStart: CommandHandler<SandboxStartOptions> = {
  parse: (input) => {
    readArguments(NO_ARGUMENTS, input);
    const flags = readFlags(SANDBOX_START_FLAGS, input);
    return {
      port: flags.port,
      stateFile: flags.state,
      feeRate: flags.feeRate,
      rateLimit: flags.rateLimit,
      autoPayAfterMs:
        flags.autoPayAfter === undefined ? undefined : parseDuration(flags.autoPayAfter, '--auto-pay-after'),
      webhookUrl: flags.webhookUrl,
      webhooksApi: flags.webhooksApi,
      reserveRate: flags.reserveRate,
      seed: flags.seed,
    };
  },
  run: serve,
};

async function serve(options: SandboxStartOptions, context: Context): Promise<number> {
  const { startSandbox } = await import('../../sandbox/server.js');
  const sandbox = await startSandbox({ ...options, stderr: context.io.stderr }).catch(
    (error: NodeJS.ErrnoException) => {
      if (error.code === 'EADDRINUSE') {
        throw new UsageError(
          `--port: ${options.port} is in use (another sandbox?); pass --port 0 for any free port`,
          {
            field: '--port',
          },
        );
      }
      throw error;
    },
  );

  const sellers = sandbox.sellers.map(({ document: _document, ...seller }) => seller);
  if (context.output === 'json' || context.output === 'ndjson') {
    // The first line is the contract for scripts: URL and keys, main seller first.
    context.io.stdout.write(`${JSON.stringify({ url: sandbox.url, sellers })}\n`);
  } else {
    context.log.info(`Sandbox gateway listening on ${sandbox.url} (API under /v1 and /api/v1)\n`);
    // With -q the line above is silenced: the URL, what a script needs first, is data on stdout.
    if (context.output === 'table' && context.globals.quiet)
      context.io.stdout.write(`URL  ${sandbox.url}\n\n`);
    if (context.output === 'table') context.io.stdout.write(sellerBlocks(sellers, context));
    else
      await writeList(context.io.stdout, context.output, sellers, SELLER_COLUMNS, { colors: context.colors });
    const login = commandLine(context.invocation, ['login', '--sandbox', sandbox.url]);
    context.log.info(
      `\nUse it:  ${login}\n` +
        `    or:  export PAYGATE_BASE_URL=${sandbox.url}\n` +
        `         export PAYGATE_SECRET_KEY=${sellers[0]?.secret_key}\n` +
        // Lines under 80 columns: a terminal would break them mid-word.
        'Keys change on every start (keep them with --seed N or --state FILE).\n' +
        'Stop with Ctrl-C. Requests and notifications are shown below as they come\n' +
        '(-q: not shown; `paygate sandbox log` reads them).\n',
    );
  }

  // The request log, as it happens, for the person watching the window (not for scripts).
  const stopLog =
    context.output === 'table' && !context.globals.quiet
      ? sandbox.log.listen((event) => context.io.stderr.write(`${logLine(event)}\n`))
      : undefined;
  await new Promise<void>((resolve) => {
    if (context.signal.aborted) resolve();
    context.signal.addEventListener('abort', () => resolve(), { once: true });
  });
  stopLog?.();
  await sandbox.close();
  context.log.info('Sandbox stopped.');
  return 0;
}

type SandboxSeller = {
  seller_id: number | string;
  name: string;
  email: string;
  person_type: string;
  status: string;
  compliance_status: string;
  pix_enabled: boolean;
  secret_key: string;
  public_key: string;
};

const sellerState = (seller: SandboxSeller) =>
  [seller.status, seller.compliance_status, seller.pix_enabled ? 'pix' : 'no pix'].join(', ');

/** csv/plain: one row a seller, every field. */
const SELLER_COLUMNS: Column<SandboxSeller>[] = [
  { key: 'seller_id', header: 'SELLER', value: (seller) => seller.seller_id },
  { key: 'name', header: 'NAME', value: (seller) => seller.name },
  { key: 'email', header: 'E-MAIL', value: (seller) => seller.email },
  { key: 'person_type', header: 'TYPE', value: (seller) => seller.person_type },
  { key: 'state', header: 'STATE', value: sellerState },
  { key: 'secret_key', header: 'SECRET KEY', value: (seller) => seller.secret_key },
  { key: 'public_key', header: 'PUBLIC KEY', value: (seller) => seller.public_key },
];

/**
 * The sellers for people: one block each, every line well under 80 columns, so that a terminal
 * never wraps a key in half (a key copied in half is a 401).
 */
function sellerBlocks(sellers: SandboxSeller[], context: Context): string {
  const { colors } = context;
  return sellers
    .map((seller, index) => {
      const name = sanitizeForTerminal(seller.name);
      const main = index === 0 ? ' · main seller' : '';
      return (
        `${colors.bold(`${seller.seller_id}  ${name}`)} (${seller.person_type})${main}\n` +
        `  ${sanitizeForTerminal(seller.email)} · ${sellerState(seller)}\n` +
        `  secret key  ${seller.secret_key}\n` +
        `  public key  ${seller.public_key}\n`
      );
    })
    .join('\n');
}

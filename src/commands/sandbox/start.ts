import type { Context } from '../../context.js';
import { parseWaitDuration } from '../../domain/duration.js';
import { UsageError } from '../../errors.js';
import { commandLine } from '../../output/printed-commands.js';
import { type Column, terminalFit, writeList } from '../../output/render.js';
import { sanitizeForTerminal } from '../../output/sanitize.js';
import { accountStatusText } from '../../output/status-text.js';
import { saySandboxCommand } from '../../text/en/sandbox-command.js';
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
        flags.autoPayAfter === undefined
          ? undefined
          : parseWaitDuration(flags.autoPayAfter, '--auto-pay-after'),
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
        throw new UsageError(saySandboxCommand('portInUse', { port: options.port }), { field: '--port' });
      }
      throw error;
    },
  );

  const sellers = sandbox.sellers.map(({ document: _document, ...seller }) => seller);
  if (context.output === 'json' || context.output === 'ndjson') {
    // The first line is the contract for scripts: URL and keys, main seller first.
    context.io.stdout.write(`${JSON.stringify({ url: sandbox.url, sellers })}\n`);
  } else {
    context.log.info(saySandboxCommand('listening', { url: sandbox.url }));
    // With -q the line above is silenced: the URL, what a script needs first, is data on stdout.
    if (context.output === 'table' && context.globals.quiet)
      context.io.stdout.write(`URL  ${sandbox.url}\n\n`);
    if (context.output === 'table') context.io.stdout.write(sellerBlocks(sellers, context));
    else
      await writeList(context.io.stdout, context.output, sellers, SELLER_COLUMNS, {
        colors: context.colors,
        ...terminalFit(context.io),
      });
    const login = commandLine(context.invocation, ['login', '--sandbox', sandbox.url]);
    // Lines under 80 columns: a terminal would break them mid-word.
    context.log.info(
      saySandboxCommand('useIt', { login, url: sandbox.url, secretKey: String(sellers[0]?.secret_key) }),
    );
  }

  // The request log, as it happens, for the person watching the window (not for scripts).
  const stopLog =
    context.output === 'table' && !context.globals.quiet
      ? sandbox.log.listen((event) => context.io.stderr.write(`${logLine(event, true)}\n`))
      : undefined;
  await new Promise<void>((resolve) => {
    if (context.signal.aborted) resolve();
    context.signal.addEventListener('abort', () => resolve(), { once: true });
  });
  stopLog?.();
  await sandbox.close();
  context.log.info(saySandboxCommand('stopped'));
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

/**
 * `active, approved, pix`: the sandbox's words (csv/plain), or for people (`forPeople`) the
 * statuses as seller find shows them (status-text.ts) and the PIX word in the run's language.
 */
function sellerState(seller: SandboxSeller, forPeople = false): string {
  if (!forPeople)
    return [seller.status, seller.compliance_status, seller.pix_enabled ? 'pix' : 'no pix'].join(', ');
  return [
    accountStatusText(seller.status),
    accountStatusText(seller.compliance_status),
    saySandboxCommand(seller.pix_enabled ? 'pixEnabled' : 'pixDisabled'),
  ].join(', ');
}

/** csv/plain: one row a seller, every field. */
const SELLER_COLUMNS: Column<SandboxSeller>[] = [
  { key: 'seller_id', header: 'SELLER', value: (seller) => seller.seller_id },
  { key: 'name', header: 'NAME', value: (seller) => seller.name },
  { key: 'email', header: 'E-MAIL', value: (seller) => seller.email },
  { key: 'person_type', header: 'TYPE', value: (seller) => seller.person_type },
  { key: 'state', header: 'STATE', value: (seller) => sellerState(seller) },
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
      const type = saySandboxCommand(index === 0 ? 'sellerTypeMain' : 'sellerType', {
        type: seller.person_type,
      });
      return (
        `${colors.bold(`${seller.seller_id}  ${name}`)} ${type}\n` +
        `  ${sanitizeForTerminal(seller.email)} · ${sellerState(seller, true)}\n` +
        `${saySandboxCommand('secretKey', { key: seller.secret_key })}\n` +
        `${saySandboxCommand('publicKey', { key: seller.public_key })}\n`
      );
    })
    .join('\n');
}

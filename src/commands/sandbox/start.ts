import { z } from 'zod';
import type { Context } from '../../context.js';
import { parseDuration } from '../../domain/duration.js';
import { UsageError } from '../../errors.js';
import { writeList } from '../../output/render.js';
import { parseOptions } from '../options.js';
import type { CommandInput } from '../types.js';

const numberText = (name: string, min: number, max: number) =>
  z
    .string()
    .regex(/^\d+(\.\d+)?$/, `${name} must be a number`)
    .transform(Number)
    .refine((value) => value >= min && value <= max, `${name} must be from ${min} to ${max}`);

const startOptionsSchema = z.object({
  port: z
    .string()
    .regex(/^\d+$/, 'a port number')
    .transform(Number)
    .refine((port) => port <= 65_535, 'a port from 0 to 65535'),
  state: z.string().optional(),
  feeRate: numberText('the fee rate', 0, 100),
  rateLimit: z
    .string()
    .regex(/^[1-9]\d*$/, 'a whole number of requests per minute')
    .transform(Number),
  autoPayAfter: z.string().optional(),
  webhookUrl: z.url({ protocol: /^https?$/, error: 'an http(s) URL' }).optional(),
  webhooksApi: z.boolean().default(true),
  reserveRate: numberText('the reserve rate', 0, 100),
  seed: z.string().regex(/^\d+$/, 'a whole number').transform(Number).optional(),
});

export async function handleSandboxStart(input: CommandInput, context: Context): Promise<number> {
  const options = parseOptions(startOptionsSchema, input);
  const autoPayAfterMs =
    options.autoPayAfter === undefined ? undefined : parseDuration(options.autoPayAfter, '--auto-pay-after');
  const { startSandbox } = await import('../../sandbox/server.js');
  const sandbox = await startSandbox({
    port: options.port,
    stateFile: options.state,
    feeRate: options.feeRate,
    rateLimit: options.rateLimit,
    autoPayAfterMs,
    webhookUrl: options.webhookUrl,
    webhooksApi: options.webhooksApi,
    reserveRate: options.reserveRate,
    seed: options.seed,
  }).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'EADDRINUSE') {
      throw new UsageError(
        `--port: ${options.port} is in use (another sandbox?); pass --port 0 for any free port`,
        {
          field: '--port',
        },
      );
    }
    throw error;
  });

  const sellers = sandbox.sellers.map(({ document: _document, ...seller }) => seller);
  if (context.output === 'json' || context.output === 'ndjson') {
    // The first line is the contract for scripts: URL and keys, main seller first.
    context.io.stdout.write(`${JSON.stringify({ url: sandbox.url, sellers })}\n`);
  } else {
    context.log.info(`Sandbox gateway listening on ${sandbox.url} (API under /v1 and /api/v1)\n`);
    await writeList(
      context.io.stdout,
      context.output,
      sellers,
      [
        { key: 'seller_id', header: 'SELLER', value: (seller) => seller.seller_id },
        { key: 'name', header: 'NAME', value: (seller) => seller.name },
        { key: 'email', header: 'E-MAIL', value: (seller) => seller.email },
        { key: 'person_type', header: 'TYPE', value: (seller) => seller.person_type },
        {
          key: 'state',
          header: 'STATE',
          value: (seller) =>
            [seller.status, seller.compliance_status, seller.pix_enabled ? 'pix' : 'no pix'].join(', '),
        },
        { key: 'secret_key', header: 'SECRET KEY', value: (seller) => seller.secret_key },
        { key: 'public_key', header: 'PUBLIC KEY', value: (seller) => seller.public_key },
      ],
      { colors: context.colors },
    );
    context.log.info(
      `\nUse it:  paygate login --sandbox ${sandbox.url}\n` +
        `    or:  export PAYGATE_BASE_URL=${sandbox.url} PAYGATE_SECRET_KEY=${sellers[0]?.secret_key}\n` +
        'Stop with Ctrl-C.',
    );
  }

  await new Promise<void>((resolve) => {
    if (context.signal.aborted) resolve();
    context.signal.addEventListener('abort', () => resolve(), { once: true });
  });
  await sandbox.close();
  context.log.info('Sandbox stopped.');
  return 0;
}

// `seller find EMAIL`: GET /v1/sellers/search?email=. Exit 3 when there is no such seller (a 404
// or an empty answer).
import { NotFoundError } from '../../api/errors.js';
import type { Context } from '../../context.js';
import { isEmailAddress } from '../../domain/email.js';
import { UsageError } from '../../errors.js';
import { formatJson, terminalFit, writeList } from '../../output/render.js';
import { sanitizeForTerminal } from '../../output/sanitize.js';
import { accountStatusText } from '../../output/status-text.js';
import type { Seller } from '../../schemas/account.js';
import { saySeller } from '../../text/en/seller.js';
import { sayFor } from '../../text/in-english.js';
import { readArguments } from '../options.js';
import type { CommandHandler } from '../types.js';
import { SELLER_FIND_ARGUMENTS } from './flags.js';

const text = (value: unknown): string => (value === null || value === undefined ? '' : String(value));

export function sellerNotFound(email: string, cause?: NotFoundError): NotFoundError {
  return new NotFoundError(saySeller('notFound', { email: sanitizeForTerminal(email) }), {
    status: 404,
    code: cause?.code ?? 'seller_not_found',
    requestId: cause?.requestId,
  });
}

/** The seller of `email`, or NotFoundError (exit 3) "no seller with e-mail …". */
export async function findSeller(context: Context, email: string): Promise<Seller> {
  const client = await context.client();
  let seller: Seller | null;
  try {
    seller = await client.sellers.searchByEmail(email, { signal: context.signal });
  } catch (error) {
    if (error instanceof NotFoundError) throw sellerNotFound(email, error);
    throw error;
  }
  if (!seller) throw sellerNotFound(email);
  return seller;
}

export interface SellerFindOptions {
  /** Trimmed, and an e-mail address. */
  email: string;
}

export const sellerFind: CommandHandler<SellerFindOptions> = {
  parse: (input) => ({ email: emailArgument(readArguments(SELLER_FIND_ARGUMENTS, input).email) }),
  run: writeSeller,
};

async function writeSeller({ email }: SellerFindOptions, context: Context): Promise<number> {
  const seller = await findSeller(context, email);
  if (context.output === 'json' || context.output === 'ndjson') {
    context.io.stdout.write(formatJson(seller, context.output === 'json' ? 'json' : 'ndjson'));
    return 0;
  }
  if (context.globals.excel) {
    // A spreadsheet for people (src/output/exports.ts); plain -o csv below stays the scripts' own.
    const { exportFormatOf, exportText, SELLER_EXPORT } = await import('../../output/exports.js');
    context.io.stdout.write(exportText([seller], SELLER_EXPORT, exportFormatOf(context)));
    return 0;
  }
  // A table's headers in the run's language; a csv header is a script's keys (English).
  const header = sayFor(saySeller, context.output === 'table');
  await writeList(
    context.io.stdout,
    context.output,
    [seller],
    [
      { key: 'seller_id', header: header('headerSellerId'), value: (row) => row.seller_id },
      { key: 'name', header: header('headerName'), value: (row) => row.name },
      { key: 'email', header: header('headerEmail'), value: (row) => row.email },
      {
        key: 'status',
        header: header('headerStatus'),
        value: (row) => row.status,
        display: (row) => accountStatusText(row.status),
      },
      {
        key: 'compliance_status',
        header: header('headerCompliance'),
        value: (row) => row.compliance_status,
        display: (row) => accountStatusText(row.compliance_status),
      },
      {
        key: 'pix_enabled',
        header: header('headerPix'),
        value: (row) => text(row.pix_enabled),
        display: (row) => pixText(row),
      },
    ],
    { colors: context.colors, ...terminalFit(context.io) },
  );
  return 0;
}

// The argument is named as the help names it (EMAIL), with what the command does and a line
// that works, so a seller id or a name typed here explains itself.
function emailArgument(argument: string): string {
  const email = argument.trim();
  if (!isEmailAddress(email)) {
    throw new UsageError(saySeller('notAnEmail', { value: JSON.stringify(email) }), {
      field: 'email',
    });
  }
  return email;
}

function pixText(seller: Seller): string {
  if (seller.pix_enabled === undefined) return '';
  return seller.pix_enabled ? saySeller('pixEnabled') : saySeller('pixDisabled');
}

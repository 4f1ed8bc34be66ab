// `charge create --method boleto --pdf FILE`: the boleto's PDF, downloaded safely.
// - FILE is checked before the charge is created: an existing file without --force, or a missing
//   directory, is exit 2 with nothing sent.
// - The body is streamed to a temp file next to FILE, capped (MAX_PDF_BYTES), and must start with
//   `%PDF-` (a login page or an error in HTML is refused); FILE appears only when all of it is
//   there (rename), so nothing half-written is ever left under its name.
// - The secret key goes only to the gateway's own origin; a PDF on another host (a bank, a CDN)
//   is fetched without it.
import { randomBytes } from 'node:crypto';
import { existsSync, statSync } from 'node:fs';
import { type FileHandle, link, open, rename, unlink } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import type { Context } from '../../context.js';
import { ExitCode, PaygateError, UsageError } from '../../errors.js';
import { sanitizeForTerminal } from '../../output/sanitize.js';
import { sayCharge } from '../../text/en/charge.js';

export const MAX_PDF_BYTES = 10 * 1024 * 1024;
const PDF_MAGIC = '%PDF-';
const DOWNLOAD_TIMEOUT_MS = 60_000;

/** Before anything is sent: FILE can be written (its directory exists; it exists only with --force). */
export function checkPdfTarget(file: string, force: boolean): void {
  const directory = dirname(file);
  if (!existsSync(directory) || !statSync(directory).isDirectory()) {
    throw new UsageError(sayCharge('pdfNoDirectory', { directory }), { field: '--pdf' });
  }
  if (existsSync(file) && !force) {
    throw new UsageError(sayCharge('pdfExists', { file }), { field: '--pdf' });
  }
}

function downloadError(message: string): PaygateError {
  return new PaygateError(sayCharge('pdfFailed', { message }), ExitCode.Network, {
    type: 'pdf_download_failed',
    hint: sayCharge('pdfFailedHint'),
  });
}

/** Downloads the PDF at `url` to `file`; returns its size in bytes. */
export async function downloadBoletoPdf(
  context: Context,
  url: string,
  file: string,
  force: boolean,
): Promise<number> {
  const target = pdfUrl(url);
  const response = await fetchPdf(context, target);
  const temp = join(dirname(file), `.${basename(file)}.${randomBytes(4).toString('hex')}.part`);
  const handle = await open(temp, 'wx', 0o644);
  try {
    const size = await writePdf(response, target, handle);
    await handle.sync();
    await handle.close();
    await putInPlace(temp, file, force);
    return size;
  } catch (error) {
    await handle.close().catch(() => {});
    await unlink(temp).catch(() => {});
    throw error;
  }
}

/** The gateway's pdf_url, when it is an http(s) URL. */
function pdfUrl(url: string): URL {
  let target: URL;
  try {
    target = new URL(url);
  } catch {
    throw downloadError(sayCharge('pdfUrlNotUrl', { url: JSON.stringify(sanitizeForTerminal(url)) }));
  }
  if (target.protocol !== 'https:' && target.protocol !== 'http:') {
    throw downloadError(sayCharge('pdfUrlNotHttp', { protocol: sanitizeForTerminal(target.protocol) }));
  }
  return target;
}

/** GET the PDF: the key goes only to the gateway's own origin; a declared size over the cap is refused. */
async function fetchPdf(
  context: Context,
  target: URL,
): Promise<Response & { body: ReadableStream<Uint8Array> }> {
  const profile = context.profile();
  const sameOrigin = profile.baseUrl !== undefined && new URL(profile.baseUrl).origin === target.origin;
  const headers: Record<string, string> = { accept: 'application/pdf' };
  if (sameOrigin && profile.secretKey) headers.authorization = `Bearer ${profile.secretKey.trim()}`;
  const signal = AbortSignal.any([context.signal, AbortSignal.timeout(DOWNLOAD_TIMEOUT_MS)]);
  let response: Response;
  try {
    response = await fetch(target, { headers, signal, redirect: 'follow' });
  } catch (error) {
    throw downloadError(
      sayCharge('pdfCouldNotFetch', {
        url: `${target.origin}${target.pathname}`,
        message: (error as Error).message,
      }),
    );
  }
  if (!response.ok || !response.body) {
    throw downloadError(
      sayCharge('pdfAnsweredHttp', { url: `${target.origin}${target.pathname}`, status: response.status }),
    );
  }
  const declared = Number(response.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > MAX_PDF_BYTES) {
    await response.body.cancel();
    throw downloadError(sayCharge('pdfDeclaredOverLimit', { size: declared, limit: MAX_PDF_BYTES }));
  }
  return response as Response & { body: ReadableStream<Uint8Array> };
}

/** Streams the answer into `handle`, checking the cap and that it starts as a PDF; returns its size. */
async function writePdf(
  response: Response & { body: ReadableStream<Uint8Array> },
  target: URL,
  handle: FileHandle,
): Promise<number> {
  let size = 0;
  let head = '';
  const reader = response.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.length;
    if (size > MAX_PDF_BYTES) {
      await reader.cancel();
      throw downloadError(sayCharge('pdfOverLimit', { limit: MAX_PDF_BYTES }));
    }
    if (head.length < PDF_MAGIC.length) {
      head += Buffer.from(value.subarray(0, PDF_MAGIC.length)).toString('latin1');
      if (head.length >= PDF_MAGIC.length && !head.startsWith(PDF_MAGIC)) {
        await reader.cancel();
        const type = response.headers.get('content-type') ?? sayCharge('pdfNoContentType');
        throw downloadError(
          sayCharge('pdfNotAPdf', {
            url: `${target.origin}${target.pathname}`,
            type: sanitizeForTerminal(type),
          }),
        );
      }
    }
    await handle.write(value);
  }
  if (!head.startsWith(PDF_MAGIC)) throw downloadError(sayCharge('pdfTooShort'));
  return size;
}

/** --force replaces FILE; otherwise a file that appeared meanwhile is never overwritten. */
async function putInPlace(temp: string, file: string, force: boolean): Promise<void> {
  if (force) {
    await rename(temp, file);
    return;
  }
  try {
    await link(temp, file);
  } catch (error) {
    throw new UsageError(
      sayCharge('pdfExistsNow', { file, code: String((error as NodeJS.ErrnoException).code) }),
      { field: '--pdf' },
    );
  }
  await unlink(temp);
}

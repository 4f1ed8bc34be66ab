// A gateway's refusal read in whatever error dialect it speaks (errors.ts's table, "failure
// envelope"): its headline, the reasons beside it with the fields they name, its code and field.
import { isJsonObject } from '../json.js';

/** What a gateway said in its own error dialect: the parts errorFromEnvelope reads. */
export interface GatewayFailure {
  type?: string;
  code?: string;
  message?: string;
  field?: string;
}

function text(value: unknown): string | undefined {
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}

/**
 * The entries of a list of errors as "field: message": an array (`errors`, `violacoes`, `cause`:
 * `[{code, description|message|razao, field|propriedade}]`) or Pagar.me's object of arrays
 * (`errors: {"customer.document": ["reason", …]}`, the field being the member's name).
 */
function listedReasons(list: unknown): { reasons: string[]; code?: string; field?: string } {
  // One violation written as an object (`violacoes: {razao, propriedade}`, as some BCB-style
  // PIX APIs do) is a list of one; any other object is Pagar.me's map of fields.
  if (isJsonObject(list)) return reasonOf(list) !== undefined ? listedReasons([list]) : reasonsByField(list);
  if (!Array.isArray(list)) return { reasons: [] };
  const entries = list.filter(isJsonObject);
  const reasons = entries.flatMap((entry) => {
    const reason = reasonOf(entry);
    const field = text(entry.field) ?? text(entry.propriedade) ?? text(entry.param);
    return reason === undefined ? [] : [withField(field, reason)];
  });
  const first = entries[0];
  return {
    reasons,
    code: first ? (text(first.code) ?? text(first.nome)) : undefined,
    field: first ? (text(first.field) ?? text(first.propriedade) ?? text(first.param)) : undefined,
  };
}

/** The words of one entry of a list of errors. */
function reasonOf(entry: Record<string, unknown>): string | undefined {
  return (
    text(entry.description) ??
    text(entry.message) ??
    text(entry.mensagem) ??
    text(entry.razao) ??
    text(entry.detail)
  );
}

/** `{field: ["reason", …]}` (or a single text per field): each reason named by its field. */
function reasonsByField(members: Record<string, unknown>): { reasons: string[]; field?: string } {
  const named = Object.entries(members).flatMap(([field, value]) =>
    (Array.isArray(value) ? value : [value]).flatMap((reason) => {
      const said = text(reason);
      return said === undefined ? [] : [{ field, reason: withField(field, said) }];
    }),
  );
  return { reasons: named.map((entry) => entry.reason), field: named[0]?.field };
}

/** "field: reason", unless the reason already names the field. */
function withField(field: string | undefined, reason: string): string {
  return field !== undefined && !reason.includes(field) ? `${field}: ${reason}` : reason;
}

/** What one level of an error body says: its headline, the reasons beside it, its code and field. */
interface ErrorWords {
  headline?: string;
  reasons: string[];
  code?: string;
  field?: string;
}

/** How deep an `error` member is read inside another (the envelope around a gateway's own body). */
const MAX_WRAPPING = 3;

function wordsOf(value: unknown, depth: number): ErrorWords {
  if (Array.isArray(value)) return wordsOf({ errors: value }, depth);
  if (!isJsonObject(value) || depth > MAX_WRAPPING) return { reasons: [] };
  // A gateway's own body inside an `error` member (the API's envelope around Woovi's `{error}` or
  // Efí's `{nome, mensagem}`) is read as the gateway wrote it.
  const inner =
    isJsonObject(value.error) || Array.isArray(value.error)
      ? wordsOf(value.error, depth + 1)
      : { reasons: [] };
  const errorText = text(value.error);
  // OAuth (Efí's 401/403): `error` is the code, `error_description` the words.
  const description = text(value.error_description);
  const headline =
    inner.headline ??
    text(value.message) ??
    text(value.mensagem) ??
    description ??
    errorText ??
    text(value.title);
  const listed = [value.errors, value.erros, value.violacoes, value.cause].map(listedReasons);
  const field =
    inner.field ??
    text(value.field) ??
    text(value.param) ??
    listed.map((entry) => entry.field).find((named) => named !== undefined);
  // Beside a message, a text `error` is a code (Mercado Pago's "bad_request", OAuth's "invalid_token").
  const errorCode = errorText !== headline ? errorText : undefined;
  return {
    headline,
    reasons: [...inner.reasons, text(value.detail), ...listed.flatMap((entry) => entry.reasons)].filter(
      (reason): reason is string => reason !== undefined,
    ),
    code:
      inner.code ??
      text(value.code) ??
      text(value.nome) ??
      errorCode ??
      listed.map((entry) => entry.code).find((code) => code !== undefined),
    field,
  };
}

/** Members that name a kind, a code, an id or a status: not words for a person. */
const NOT_WORDS = /(?:^|_|[a-z])(?:type|code|id|status|success)$/i;

/**
 * Text a body holds where no dialect puts words (`{"erro": "Saldo insuficiente"}`), as "name:
 * text", the first three: the gateway's words are never hidden behind "HTTP 400 from …".
 */
function otherWords(value: unknown): string | undefined {
  const found: string[] = [];
  const visit = (node: unknown, depth: number) => {
    if (found.length >= 3 || depth > MAX_WRAPPING) return;
    if (Array.isArray(node)) for (const item of node) visit(item, depth + 1);
    else if (isJsonObject(node))
      for (const [name, member] of Object.entries(node)) {
        const said = typeof member === 'string' ? text(member) : undefined;
        if (said !== undefined && !NOT_WORDS.test(name) && found.length < 3) found.push(`${name}: ${said}`);
        else if (typeof member === 'object') visit(member, depth + 1);
      }
  };
  visit(value, 0);
  return found.length > 0 ? found.join('; ') : undefined;
}

/**
 * The gateway's failure in whatever dialect it speaks: `{error: {message, type, code}}`,
 * `{message}`, `{error: "text"}` (Woovi), `{errors: [{code, description|message}]}` (Asaas,
 * Woovi), `{message, errors: {field: ["reason"]}}` (Pagar.me), `{nome, mensagem}` (Efí),
 * `{nome, mensagem, erros: [{mensagem}]}` (Efí's schema refusals), `{error, error_description}`
 * (OAuth, Efí's 401), `{violacoes: [{razao, propriedade}]}` (BCB's PIX API, or one such object),
 * `{message, error, cause: [{code, description}]}` (Mercado Pago), problem+json `{title, detail}`;
 * and any of them wrapped in an `error` member (the API's failure envelope around the gateway's
 * own body). Any JSON object or array gives one; where none of those places holds text, the
 * body's other texts are the message (otherWords), undefined only when it has none. Each listed
 * reason is said with the field it names.
 */
export function gatewayFailure(value: unknown): GatewayFailure | undefined {
  if (Array.isArray(value)) return gatewayFailure({ errors: value });
  if (!isJsonObject(value)) return undefined;
  const words = wordsOf(value, 0);
  const headline = words.headline;
  const reasons = [...new Set(words.reasons.filter((reason) => reason !== headline))].join('; ');
  const message =
    headline !== undefined
      ? reasons
        ? `${headline.replace(/[.:]+$/, '')}: ${reasons}`
        : headline
      : reasons || otherWords(value);
  return {
    type: isJsonObject(value.error) ? text(value.error.type) : undefined,
    code: words.code,
    message,
    field: words.field,
  };
}

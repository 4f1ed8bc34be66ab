// Where a gateway's list answer puts its items, and what in it says whether more follows: every
// common vocabulary read (pagination.ts's opening comment lists them). Pure: no IO.
import { isJsonObject } from '../json.js';

/** What a list answer says about the pages after this one. */
export interface PagingFacts {
  /** Whether another page follows. */
  hasMore: boolean;
  /** Total number of items, when the server says. */
  total?: number;
  nextCursor?: string;
  nextPage?: number;
  /** Where the next page starts, when the server says (an `offset` in its `next` link). */
  nextOffset?: number;
}

const ITEM_KEYS = ['items', 'data', 'results', 'charges', 'cobs', 'transfers', 'payouts', 'payments'];
/** Members of a list answer that hold its paging fields, nearest first. */
const PAGING_MEMBERS = ['pagination', 'meta', 'paging', 'pageInfo', 'page_info'];

/** The list member of `holder`: a known name, else its one list-valued member. */
function listMember(holder: Record<string, unknown>, exclude: readonly string[] = []): unknown[] | undefined {
  const known = ITEM_KEYS.find((name) => Array.isArray(holder[name]));
  if (known !== undefined) return holder[known] as unknown[];
  const lists = Object.keys(holder).filter((key) => !exclude.includes(key) && Array.isArray(holder[key]));
  return lists.length === 1 ? (holder[lists[0]!] as unknown[]) : undefined;
}

/** The objects that may carry paging fields around `holder`, nearest first. */
function pagingSources(holder: Record<string, unknown>): Record<string, unknown>[] {
  const parametros = holder.parametros;
  const nested = [
    ...PAGING_MEMBERS.map((name) => holder[name]),
    isJsonObject(parametros) ? parametros.paginacao : undefined,
  ];
  return [...nested.filter(isJsonObject), holder];
}

/** The items and the objects that may carry pagination fields, nearest first. */
export function extract(
  envelope: Record<string, unknown>,
): { items: unknown[]; sources: Record<string, unknown>[] } | undefined {
  const data = envelope.data;
  const around = pagingSources(envelope);
  if (Array.isArray(data)) return { items: data, sources: around };
  if (isJsonObject(data)) {
    const items = listMember(data);
    return items ? { items, sources: [...pagingSources(data), ...around] } : undefined;
  }
  if (data !== null && data !== undefined) return undefined;
  // No `data`: the list is a member of the answer itself (`{cobs: [...], parametros}`), or empty.
  return { items: listMember(envelope, ['errors']) ?? [], sources: around };
}

/** The first source that has one of `names` (present, even null), with its value. */
function field(sources: Record<string, unknown>[], ...names: string[]): { present: boolean; value: unknown } {
  for (const source of sources) {
    for (const name of names) {
      if (Object.hasOwn(source, name)) return { present: true, value: source[name] };
    }
  }
  return { present: false, value: undefined };
}

export function positiveInt(value: unknown): number | undefined {
  const n = typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value;
  return typeof n === 'number' && Number.isInteger(n) && n >= 0 ? n : undefined;
}

function nonEmptyText(value: unknown): string | undefined {
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return typeof value === 'string' && value !== '' ? value : undefined;
}

interface NextLink {
  more: boolean;
  page?: number;
  offset?: number;
  cursor?: string;
}

const CURSOR_PARAMETERS = ['cursor', 'starting_after', 'after', 'page_token', 'next_cursor'];

/**
 * A `next` member: a link (its page, offset or cursor is taken, never its host: the key goes
 * only where it was configured to go), an opaque cursor, or null at the end.
 */
function readNext(value: unknown): NextLink {
  const text = nonEmptyText(value);
  if (text === undefined) return { more: value === true };
  if (!/^(?:https?:\/\/|\/|\?)/i.test(text)) return { more: true, cursor: text };
  let parameters: URLSearchParams;
  try {
    parameters = new URL(text, 'http://gateway.invalid').searchParams;
  } catch {
    return { more: true };
  }
  const cursorName = CURSOR_PARAMETERS.find((name) => nonEmptyText(parameters.get(name)) !== undefined);
  return {
    more: true,
    page: positiveInt(parameters.get('page') ?? undefined),
    offset: positiveInt(parameters.get('offset') ?? parameters.get('skip') ?? undefined),
    cursor: cursorName !== undefined ? parameters.get(cursorName)! : undefined,
  };
}

/** What the answer says about the pages after this one. */
export function pagingOf(
  sources: Record<string, unknown>[],
  count: number,
  page: number,
  offset: number,
): PagingFacts {
  const hasMoreField = field(sources, 'has_more', 'hasMore', 'hasNextPage', 'has_next_page');
  const cursorField = field(sources, 'next_cursor', 'nextCursor');
  const nextField = field(sources, 'next');
  const nextPageField = field(sources, 'next_page', 'nextPage');
  const total = positiveInt(
    field(sources, 'total', 'total_count', 'totalCount', 'quantidadeTotalDeItens').value,
  );
  const totalPages = positiveInt(field(sources, 'total_pages', 'totalPages', 'quantidadeDePaginas').value);
  const next = nextField.present ? readNext(nextField.value) : undefined;
  const nextCursor =
    nonEmptyText(cursorField.value) ?? next?.cursor ?? nonEmptyText(field(sources, 'endCursor').value);
  const nextPage = positiveInt(nextPageField.value) ?? next?.page;

  let hasMore: boolean;
  if (count === 0) hasMore = false;
  else if (typeof hasMoreField.value === 'boolean') hasMore = hasMoreField.value;
  else if (cursorField.present) hasMore = nonEmptyText(cursorField.value) !== undefined;
  else if (next !== undefined) hasMore = next.more;
  else if (nextPageField.present) hasMore = positiveInt(nextPageField.value) !== undefined;
  else if (totalPages !== undefined) hasMore = page < totalPages;
  else if (total !== undefined) hasMore = offset + count < total;
  // Nothing says: a short page may be a gateway's own cap (50 of the 100 asked), so only an empty
  // page ends the list (docs/gateway-api.md: a short one is the end once the next page confirms it). Read
  // as the end, a capped page made a keyed payout miss its earlier one and pay again.
  else hasMore = count > 0;

  return {
    hasMore,
    ...(total !== undefined ? { total } : {}),
    ...(hasMore && nextCursor !== undefined ? { nextCursor } : {}),
    ...(hasMore && nextPage !== undefined ? { nextPage } : {}),
    ...(hasMore && next?.offset !== undefined ? { nextOffset: next.offset } : {}),
  };
}

// A calendar date as a person types it: ISO `2026-11-26` or the Brazilian `26/11/2026` (in either
// language), read as the ISO date it names. Pure: no clock, no time zone.

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const BRAZILIAN_DATE = /^(\d{2})\/(\d{2})\/(\d{4})$/;

/** The ISO date (YYYY-MM-DD) `text` names, when it is a real calendar date in either form. */
export function calendarDateOf(text: string): string | undefined {
  const value = text.trim();
  const iso = ISO_DATE.exec(value);
  const brazilian = BRAZILIAN_DATE.exec(value);
  const date = iso ? value : brazilian ? `${brazilian[3]}-${brazilian[2]}-${brazilian[1]}` : undefined;
  if (date === undefined) return undefined;
  // 2026-02-30 and 31/04/2026 are no dates: the day must survive a round trip.
  const epochMs = Date.parse(`${date}T00:00:00Z`);
  return !Number.isNaN(epochMs) && new Date(epochMs).toISOString().slice(0, 10) === date ? date : undefined;
}

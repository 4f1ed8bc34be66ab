// What the README's generated blocks share: GFM table cells, and a block replaced between its
// two markers (scripts/readme-commands.ts, scripts/readme-csv-columns.ts).

/** A code span inside a GFM table cell: `|` must be escaped even there. */
export function codeCell(text: string): string {
  const escaped = text.replace(/\|/g, '\\|');
  return escaped.includes('`') ? `\`\` ${escaped} \`\`` : `\`${escaped}\``;
}

/** Text inside a GFM table cell: one line, `|` escaped (inside its code spans too). */
export function textCell(text: string): string {
  return text.replace(/\|/g, '\\|').replace(/\s*\n\s*/g, ' ');
}

/** `readme` with the block from `start` to `end` replaced by `block`; throws when the markers are missing. */
export function replaceBetween(readme: string, start: string, end: string, block: string): string {
  const from = readme.indexOf(start);
  const to = readme.indexOf(end);
  if (from < 0 || to < from) throw new Error(`the README has no ${start} … ${end} block`);
  return readme.slice(0, from) + block + readme.slice(to + end.length);
}

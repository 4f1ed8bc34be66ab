// The compact table of `gh`: no borders, two spaces between columns. Laid out here rather than by
// cli-table3, whose import and drawing slow every command that prints a table
// (bench/CHOICES.md); a borderless layout needs only the width of each cell on screen.

const ESCAPE_SEQUENCE = /\x1b\[[0-9;]*m/g;
/**
 * The Unicode-property patterns, made on the first character that needs them: a pattern is parsed
 * when it is made, and `\p{M}`'s set cost every command that lays out columns (bench/CHOICES.md).
 */
let unicodePatterns: { combiningMark: RegExp; wide: RegExp } | undefined;
const patterns = () =>
  (unicodePatterns ??= {
    combiningMark: /\p{M}/u,
    wide: /[\p{Extended_Pictographic}\u1100-\u115f\u2e80-\u303e\u3041-\u33ff\u3400-\u4dbf\u4e00-\u9fff\ua000-\ua4cf\uac00-\ud7a3\uf900-\ufaff\ufe30-\ufe4f\uff00-\uff60\uffe0-\uffe6]/u,
  });

/** Below U+0300 (ASCII, Latin-1, Latin Extended: all Portuguese) every character is one column. */
const FIRST_COMBINING_MARK = 0x300;

/** Columns a text takes on a terminal: colour escapes none, combining marks none, CJK and emoji two. */
export function displayWidth(text: string): number {
  let width = 0;
  for (const character of text.includes('\x1b') ? text.replace(ESCAPE_SEQUENCE, '') : text) {
    if (character.codePointAt(0)! < FIRST_COMBINING_MARK) width += 1;
    else if (!patterns().combiningMark.test(character)) width += patterns().wide.test(character) ? 2 : 1;
  }
  return width;
}

/** `text` (plain, no colour) in at most `width` columns, ending with `…` when cut. */
export function cutToWidth(text: string, width: number): string {
  if (displayWidth(text) <= width) return text;
  let kept = '';
  for (const character of text) {
    if (displayWidth(kept) + displayWidth(character) > width - 1) break;
    kept += character;
  }
  return width >= 1 ? `${kept}…` : '';
}

/** Columns a table always keeps at any width (an id and a status). */
const ALWAYS_SHOWN = 2;

/** The fewest columns a free text is cut to (and never below its header): fewer read as nothing. */
const SHORTEST_CUT = 12;

/**
 * Fits the columns `kept` (indexes into `headers` and each row of `cells`) to `width`: the free
 * text `cut` is cut to the room left (its cells changed in place), then columns are left out from
 * the right (taken off `kept`), the first two always kept. Returns those left out.
 */
export function fitColumns(
  headers: readonly string[],
  cells: string[][],
  kept: number[],
  width: number,
  cut?: number,
): number[] {
  const widthOf = (index: number) =>
    Math.max(displayWidth(headers[index]!), ...cells.map((row) => displayWidth(row[index]!)));
  const total = () => kept.reduce((sum, index) => sum + widthOf(index), 0) + 2 * (kept.length - 1);
  if (cut !== undefined && total() > width) {
    const room = width - (total() - widthOf(cut));
    if (room >= Math.max(SHORTEST_CUT, displayWidth(headers[cut]!))) {
      for (const row of cells) row[cut] = cutToWidth(row[cut]!, room);
    }
  }
  const dropped: number[] = [];
  while (kept.length > ALWAYS_SHOWN && total() > width) dropped.unshift(kept.pop()!);
  return dropped;
}

export type Alignment = 'left' | 'right';

/**
 * Lays out `header` and `rows` (cells already sanitised and painted) in columns; each line ends
 * without trailing spaces, and the text ends with a newline.
 */
export function layoutColumns(header: string[], rows: string[][], alignments: Alignment[]): string {
  const lines = [header, ...rows];
  const widths = header.map((_, column) =>
    Math.max(...lines.map((cells) => displayWidth(cells[column] ?? ''))),
  );
  return lines
    .map((cells) =>
      cells
        .map((cell, column) => {
          const padding = ' '.repeat(widths[column]! - displayWidth(cell));
          return alignments[column] === 'right' ? padding + cell : cell + padding;
        })
        .join('  ')
        .trimEnd(),
    )
    .map((line) => `${line}\n`)
    .join('');
}

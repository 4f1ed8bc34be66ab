// Test helper: a tiny terminal emulator for QR output. It reads the printed text (half blocks,
// spaces and SGR colour escapes) into the colours a terminal with a given theme would show, one
// colour per half cell, so that a test can decode what a phone would see.

export type Rgb = readonly [number, number, number];

export interface Theme {
  name: string;
  /** The terminal's default foreground and background (what un-coloured text uses). */
  fg: Rgb;
  bg: Rgb;
}

export const LIGHT_THEME: Theme = { name: 'light', fg: [0, 0, 0], bg: [255, 255, 255] };
export const DARK_THEME: Theme = { name: 'dark', fg: [229, 229, 229], bg: [24, 24, 24] };

// xterm's default 16-colour palette.
const ANSI: readonly Rgb[] = [
  [0, 0, 0],
  [205, 0, 0],
  [0, 205, 0],
  [205, 205, 0],
  [0, 0, 238],
  [205, 0, 205],
  [0, 205, 205],
  [229, 229, 229],
  [127, 127, 127],
  [255, 0, 0],
  [0, 255, 0],
  [255, 255, 0],
  [92, 92, 255],
  [255, 0, 255],
  [0, 255, 255],
  [255, 255, 255],
];

/** One row of the screen per half cell: `rows[y][x]` is the colour shown there. */
export interface Screen {
  rows: Rgb[][];
  width: number;
}

/** Interprets `text` as a terminal with `theme` would; throws on anything it does not know. */
export function readScreen(text: string, theme: Theme): Screen {
  let fg: Rgb | undefined;
  let bg: Rgb | undefined;
  const cellRows: Array<Array<[Rgb, Rgb]>> = [[]];
  for (let i = 0; i < text.length; i++) {
    const char = text[i]!;
    if (char === '\x1b') {
      const match = /^\x1b\[([0-9;]*)m/.exec(text.slice(i));
      if (!match) throw new Error(`unexpected escape at ${i}: ${JSON.stringify(text.slice(i, i + 8))}`);
      for (const part of (match[1] || '0').split(';')) {
        const code = Number(part);
        if (code === 0) {
          fg = undefined;
          bg = undefined;
        } else if (code >= 30 && code <= 37) fg = ANSI[code - 30];
        else if (code === 39) fg = undefined;
        else if (code >= 40 && code <= 47) bg = ANSI[code - 40];
        else if (code === 49) bg = undefined;
        else if (code >= 90 && code <= 97) fg = ANSI[code - 90 + 8];
        else if (code >= 100 && code <= 107) bg = ANSI[code - 100 + 8];
        else throw new Error(`unsupported SGR ${code}`);
      }
      i += match[0].length - 1;
      continue;
    }
    if (char === '\n') {
      cellRows.push([]);
      continue;
    }
    const ink = fg ?? theme.fg;
    const paper = bg ?? theme.bg;
    const row = cellRows[cellRows.length - 1]!;
    if (char === ' ') row.push([paper, paper]);
    else if (char === '▀') row.push([ink, paper]);
    else if (char === '▄') row.push([paper, ink]);
    else if (char === '█') row.push([ink, ink]);
    else throw new Error(`unexpected character ${JSON.stringify(char)}`);
  }
  while (cellRows.length > 0 && cellRows[cellRows.length - 1]!.length === 0) cellRows.pop();
  const width = Math.max(...cellRows.map((row) => row.length));
  const rows: Rgb[][] = [];
  for (const cells of cellRows) {
    const top: Rgb[] = [];
    const bottom: Rgb[] = [];
    for (let x = 0; x < width; x++) {
      // Cells never printed on a line show the terminal's background.
      const [upper, lower] = cells[x] ?? [theme.bg, theme.bg];
      top.push(upper);
      bottom.push(lower);
    }
    rows.push(top, bottom);
  }
  return { rows, width };
}

const luminance = ([r, g, b]: Rgb): number => 0.299 * r + 0.587 * g + 0.114 * b;

/** The screen as modules: true where it is dark. */
export function darkMatrix(screen: Screen): boolean[][] {
  return screen.rows.map((row) => row.map((colour) => luminance(colour) < 128));
}

/**
 * The screen as an RGBA image, `scale` pixels per module (a cell is one module wide and two
 * tall), surrounded by `border` modules of the terminal's background: what a phone camera sees.
 */
export function toImage(
  screen: Screen,
  theme: Theme,
  scale = 4,
  border = 4,
): { data: Uint8ClampedArray; width: number; height: number } {
  const modulesWide = screen.width + 2 * border;
  const modulesHigh = screen.rows.length + 2 * border;
  const width = modulesWide * scale;
  const height = modulesHigh * scale;
  const data = new Uint8ClampedArray(width * height * 4);
  for (let py = 0; py < height; py++) {
    for (let px = 0; px < width; px++) {
      const my = Math.floor(py / scale) - border;
      const mx = Math.floor(px / scale) - border;
      const colour = screen.rows[my]?.[mx] ?? theme.bg;
      const offset = (py * width + px) * 4;
      data[offset] = colour[0];
      data[offset + 1] = colour[1];
      data[offset + 2] = colour[2];
      data[offset + 3] = 255;
    }
  }
  return { data, width, height };
}

/** The light modules around the dark ones on each side of a drawing: its quiet zone as shown. */
export function quietZone(screen: Screen): { top: number; right: number; bottom: number; left: number } {
  const dark = darkMatrix(screen);
  const rowsWithDark = dark.flatMap((row, y) => (row.includes(true) ? [y] : []));
  const columnsWithDark = Array.from({ length: screen.width }, (_, x) => x).filter((x) =>
    dark.some((row) => row[x]),
  );
  if (rowsWithDark.length === 0) throw new Error('no dark module on the screen');
  return {
    top: rowsWithDark[0]!,
    right: screen.width - 1 - columnsWithDark.at(-1)!,
    bottom: dark.length - 1 - rowsWithDark.at(-1)!,
    left: columnsWithDark[0]!,
  };
}

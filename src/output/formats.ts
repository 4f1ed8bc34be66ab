// The output formats of `-o/--output` and the `output` setting: one list, read by the option's
// choices, the setting's parser and the renderer.
export const OUTPUT_FORMATS = ['table', 'json', 'ndjson', 'csv', 'plain'] as const;
export type OutputFormat = (typeof OUTPUT_FORMATS)[number];

export function isOutputFormat(value: string): value is OutputFormat {
  return (OUTPUT_FORMATS as readonly string[]).includes(value);
}

/**
 * `code` (a CommonJS file as built) with its functions written to be compiled with the file; only
 * those `called` names by their place (`start`, `end`: offsets in `code`), when it is given.
 */
export function eagerFunctions(
  code: string,
  fileName: string,
  options?: { called?: (start: number, end: number) => boolean },
): string;

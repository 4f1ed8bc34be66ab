/** `code` (a CommonJS file as built) with its functions written to be compiled with the file. */
export function eagerFunctions(code: string, fileName: string): string;

import type { z } from 'zod';
import { UsageError } from '../errors.js';
import type { CommandInput } from './types.js';

/** `expiresIn` → `--expires-in`, for messages that name the flag the user typed. */
export function flagName(key: string): string {
  return `--${key.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`)}`;
}

/**
 * Validates a handler's flags and arguments with its zod schema; the first problem becomes a
 * usage error (exit 2) that names the flag and the rule.
 */
export function parseOptions<S extends z.ZodType>(schema: S, input: CommandInput): z.output<S> {
  const result = schema.safeParse({ ...input.flags, args: input.args });
  if (result.success) return result.data;
  const issue = result.error.issues[0]!;
  const key = issue.path[0];
  const name = key === 'args' ? 'argument' : typeof key === 'string' ? flagName(key) : 'input';
  throw new UsageError(`${name}: ${issue.message}`, { field: name });
}

/** Reads a required value: from the flag, else a prompt when allowed, else a usage error naming it. */
export async function requireValue(
  value: string | undefined,
  flag: string,
  ask: (() => Promise<string>) | undefined,
): Promise<string> {
  if (value !== undefined && value !== '') return value;
  if (ask) return ask();
  throw new UsageError(`${flag} is required (no prompt without a terminal: pass it as a flag)`, {
    field: flag,
  });
}

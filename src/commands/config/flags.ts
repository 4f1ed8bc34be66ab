// The positional arguments of the config commands: the spec shows them (help, completions) and the
// handlers read their options from them (readArguments). They live apart from spec.ts so that a
// handler never imports the spec that loads it.
import { SETTING_NAMES } from '../../config/settings.js';
import type { ArgumentSpec } from '../types.js';

const SETTING_ARGUMENT = {
  name: 'name',
  description: 'setting name',
  required: true,
  choices: SETTING_NAMES,
} as const satisfies ArgumentSpec;

/** `config get NAME`, `config unset NAME`. */
export const CONFIG_SETTING_ARGUMENTS = [SETTING_ARGUMENT] as const satisfies readonly ArgumentSpec[];

export const CONFIG_SET_ARGUMENTS = [
  SETTING_ARGUMENT,
  { name: 'value', description: 'new value', required: true },
] as const satisfies readonly ArgumentSpec[];

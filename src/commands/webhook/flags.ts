// `webhook`'s flags and positional arguments, declared once: the spec builds its commands from them
// and each handler reads its options from them (readFlags, readArguments). They live apart from spec.ts so that a handler never imports
// the spec that loads it.
import { httpUrl, portNumber, YES_FLAG } from '../shared/flags.js';
import type { ArgumentSpec, FlagSpec } from '../types.js';

export const WEBHOOK_REPLAY_FLAGS = [
  { flags: '--to <url>', description: 'the handler to send them to', parse: httpUrl },
  {
    flags: '--id <id>',
    description: 'only the notifications of this charge or payout (repeatable)',
    repeatable: true,
  },
] as const satisfies readonly FlagSpec[];

export const WEBHOOK_CREATE_FLAGS = [
  { flags: '--disabled', description: 'create it disabled' },
] as const satisfies readonly FlagSpec[];

export const WEBHOOK_UPDATE_FLAGS = [
  { flags: '--url <url>', description: 'new URL', parse: httpUrl },
  { flags: '--enable', description: 'switch it on', conflicts: ['disable'] },
  { flags: '--disable', description: 'switch it off' },
] as const satisfies readonly FlagSpec[];

export const WEBHOOK_DELETE_FLAGS = [YES_FLAG] as const satisfies readonly FlagSpec[];

export const WEBHOOK_LISTEN_FLAGS = [
  { flags: '-p, --port <port>', description: 'port to listen on', default: '8787', parse: portNumber },
  { flags: '--forward-to <url>', description: 'also relay each notification to this URL', parse: httpUrl },
  { flags: '--host <address>', description: 'address to listen on', default: '127.0.0.1' },
  {
    flags: '--verify',
    description:
      'check each notification against the API (fetch its charge or payout): verified or NOT VERIFIED',
  },
  {
    flags: '--forward-verified-only',
    description: 'with --verify and --forward-to: relay only verified ones',
  },
  {
    flags: '--log <file>',
    description: 'append every notification (headers, body, verification) as JSON lines',
  },
] as const satisfies readonly FlagSpec[];

export const WEBHOOK_CREATE_ARGUMENTS = [
  { name: 'url', description: 'URL that receives notifications', required: true },
] as const satisfies readonly ArgumentSpec[];

/** `webhook update|delete|test ID`. */
export const WEBHOOK_ID_ARGUMENTS = [
  { name: 'id', description: 'webhook id', required: true },
] as const satisfies readonly ArgumentSpec[];

export const WEBHOOK_REPLAY_ARGUMENTS = [
  { name: 'file', description: 'the --log file', required: true },
] as const satisfies readonly ArgumentSpec[];

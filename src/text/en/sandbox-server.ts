// What the sandbox (src/sandbox/) says to the person running it: its log lines as people read
// them, and its reports on stderr. Its API answers are a gateway's words and stay English.
import { englishTexts } from '../catalog.js';

const sandboxServerEnglish = {
  report: 'paygate sandbox: {message}',
  cannotWriteState: 'cannot write the state file: {reason}',
  taskFailed: 'task {kind} {id} failed: {reason}',
  request: '{method} {path} → {status}',
  requestSeller: '  seller {seller}',
  requestFault: '  fault {fault}',
  notification: 'notify {event} ({channel}) → {url} → {outcome}  try {attempt}',
  notificationToSeller: 'notify {event} ({channel} seller {seller}) → {url} → {outcome}  try {attempt}',
  noAnswer: 'no answer',
} as const;

export type SandboxServerEnglish = typeof sandboxServerEnglish;
export const saySandboxServer = englishTexts('sandbox-server', sandboxServerEnglish);

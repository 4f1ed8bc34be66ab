// One zone for local times (src/domain/time-zone.ts): tables and --excel agree, TZ when set, else
// America/Sao_Paulo, so a job on a UTC server shows a sale at the hour the seller saw it.
import { describe, expect, it } from 'vitest';
import { useTestSandbox } from '../helpers/sandbox.js';
import { spawnPaygate } from '../helpers/spawn-cli.js';

const t = useTestSandbox();

/** HH:MM of the created time in the table, and in the --excel export, of the one charge listed. */
async function createdTimes(env: Record<string, string | undefined>) {
  const table = await spawnPaygate(['charge', 'list', '--limit', '1'], { env });
  const excel = await spawnPaygate(['charge', 'list', '--limit', '1', '--excel'], { env });
  expect(table.code, table.stderr).toBe(0);
  expect(excel.code, excel.stderr).toBe(0);
  return {
    // The table says which zone its times are in.
    zone: /CREATED \(([^)]+)\)/.exec(table.stdout.split('\n')[0]!)?.[1],
    table: /\d{4}-\d{2}-\d{2} (\d{2}:\d{2})/.exec(table.stdout.split('\n')[1]!)![1],
    excel: /\d{2}\/\d{2}\/\d{4} (\d{2}:\d{2})/.exec(excel.stdout)![1],
  };
}

describe('local times', () => {
  it('tables and --excel show one zone, named in the table: TZ when set, else America/Sao_Paulo (not the machine zone)', async () => {
    const created = await spawnPaygate(['charge', 'create', '--amount', '10.00', '--json'], { env: t.env });
    const at = new Date(JSON.parse(created.stdout).created_at);
    const hhmm = (date: Date) =>
      `${String(date.getUTCHours()).padStart(2, '0')}:${String(date.getUTCMinutes()).padStart(2, '0')}`;
    // No TZ (as under cron or in a container): Brazil's time, UTC-3 (no daylight saving since 2019).
    const unset = await createdTimes({ ...t.env, TZ: undefined });
    expect(unset).toEqual({
      zone: 'GMT-3',
      table: hhmm(new Date(at.getTime() - 3 * 3600_000)),
      excel: unset.table,
    });
    // TZ set: that zone, for both.
    const utc = await createdTimes({ ...t.env, TZ: 'UTC' });
    expect(utc).toEqual({ zone: 'UTC', table: hhmm(at), excel: hhmm(at) });
  });
});

// `sandbox clock advance DURATION`: moves the sandbox clock; a boleto past its due date expires.
import { describe, expect, it } from 'vitest';
import { run } from '../../helpers/run-cli.js';
import { useTestSandbox } from '../../helpers/sandbox.js';
import { useTimeZone } from '../../helpers/time-zone.js';
import { getCharge } from '../charge/api.js';

// Times for people are local: a zone with no daylight saving time (GMT-3 all year).
useTimeZone('America/Sao_Paulo');

// 2026-05-15 12:00 UTC.
const START = Date.UTC(2026, 4, 15, 12);
const t = useTestSandbox({ clock: { now: () => START } });

describe('sandbox clock advance', () => {
  it('moves the clock and says where it is now; --json prints the answer', async () => {
    const result = await run(['sandbox', 'clock', 'advance', '2h'], { env: t.env });
    expect(result.code).toBe(0);
    expect(result.stderr).toContain('Sandbox clock advanced by 2h: now 2026-05-15 11:00 (GMT-3).');
    const json = await run(['sandbox', 'clock', 'advance', '30m', '--json'], { env: t.env });
    expect(JSON.parse(json.stdout)).toEqual({ now: '2026-05-15T14:30:00.000Z', offset_ms: 9_000_000 });
  });

  it('a huge advance is exit 2 before anything is sent, naming the limit', async () => {
    const result = await run(['sandbox', 'clock', 'advance', '99999999d'], { env: t.env });
    expect(result.code).toBe(2);
    expect(result.stderr).toBe('error: duration: the sandbox clock moves at most 3660d ahead of real time\n');
  });

  it('a boleto expires once the clock passes its due date', async () => {
    const response = await fetch(`${t.url}/v1/charges`, {
      method: 'POST',
      headers: { authorization: `Bearer ${t.main.secret_key}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        amount: 5000,
        payment_method: 'boleto',
        customer: { name: 'Maria Silva', document: '52998224725' },
        boleto: { due_date: '2026-05-17' },
      }),
    });
    const { data } = (await response.json()) as { data: { id: string } };
    expect((await run(['sandbox', 'clock', 'advance', '2d'], { env: t.env })).code).toBe(0);
    expect((await getCharge(t, data.id)).status).toBe('pending');
    expect((await run(['sandbox', 'clock', 'advance', '1d'], { env: t.env })).code).toBe(0);
    expect((await getCharge(t, data.id)).status).toBe('expired');
  });

  it('a bad duration is exit 2 and moves nothing', async () => {
    const result = await run(['sandbox', 'clock', 'advance', '3 days'], { env: t.env });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('duration: "3 days" is not a duration');
    const clock = (await (await fetch(`${t.url}/_sandbox/clock`)).json()) as { data: { offset_ms: number } };
    expect(clock.data.offset_ms).toBe(0);
  });
});

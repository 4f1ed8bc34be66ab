// The local zone of the tests of one file: times for people are local (src/domain/time-zone.ts),
// and the machine running the suite may be in any zone. The zone is put back after the file.
import { afterAll, beforeAll } from 'vitest';

/** `useTimeZone('America/Sao_Paulo')`: the file's tests read local times in that zone. */
export function useTimeZone(zone: string): void {
  const saved = process.env.TZ;
  beforeAll(() => {
    process.env.TZ = zone;
  });
  afterAll(() => {
    if (saved === undefined) delete process.env.TZ;
    else process.env.TZ = saved;
  });
}

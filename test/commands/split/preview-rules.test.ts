// split preview's verdicts as a user reads them: a warning never contradicts the
// refusal, each broken rule is printed once, a mixed split names every broken rule, and a bare
// number that looks like a percentage is pointed out.
import { describe, expect, it } from 'vitest';
import { splitPreview } from '../../../src/commands/split/preview.js';
import { run, tempConfigDir } from '../../helpers/run-cli.js';
import { runHandler } from '../../helpers/run-handler.js';

const env = () => ({ PAYGATE_CONFIG_DIR: tempConfigDir() });
/** `paygate split preview ARGV` through its handler, offline. */
const previewSplit = (argv: string[]) =>
  runHandler(splitPreview, ['split', 'preview', ...argv], { env: env() });

describe('split preview verdicts', () => {
  it('percentages totalling 30%: refused, with no warning that the rest stays with the main seller', async () => {
    const result = await run(['split', 'preview', '--amount', '10000', '--split', '1002=30%'], {
      env: env(),
    });
    expect(result.code).toBe(2);
    expect(result.stderr).not.toContain('stays with the main seller');
    expect(result.stderr.match(/percentages total 30%/g)).toHaveLength(1);
    expect(result.stderr).toContain('error: 1 split rule broken (listed above)');
  });

  it('a total within the tolerance (99.99%) leaves the rest to the main seller, with the warning', async () => {
    const result = await previewSplit(['--amount', '10000', '--split', '1002=99.99%']);
    expect(result.code).toBe(0);
    expect(result.stderr).toContain('stays with the main seller');
  });

  it('a mixed split names every broken rule, not only the first', async () => {
    const result = await previewSplit([
      '--amount',
      '10000',
      '--split',
      '1002=30%',
      '--split',
      '1003=5.00',
      '--split',
      '1004=0%',
    ]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('cannot be mixed');
    expect(result.stderr).toContain('split[2]: comes to 0 centavos');
    expect(result.error?.message).toContain('2 split rules broken');
  });

  it('--json keeps the whole list in the error object', async () => {
    const result = await run(['split', 'preview', '--amount', '10000', '--split', '1002=30%', '--json'], {
      env: env(),
    });
    expect(result.code).toBe(2);
    const error = JSON.parse(result.stderr.trim().split('\n').at(-1)!).error;
    expect(error.message).toContain('percentages total 30%');
  });

  it('a bare number up to 100 as a share is centavos, and is pointed out', async () => {
    const result = await previewSplit(['--amount', '10000', '--split', '1002=30']);
    expect(result.code).toBe(0);
    expect(result.stderr).toContain(
      'split[0]: 30 is R$ 0,30 (a bare number is centavos); for a percentage write 30%',
    );
    const money = await previewSplit(['--amount', '10000', '--split', '1002=30.00']);
    expect(money.stderr).not.toContain('bare number');
  });
});

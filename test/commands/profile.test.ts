// profile list/use/remove: remove asks first on a terminal (the keys go with it; issue 15).
import { describe, expect, it } from 'vitest';
import { createScriptedPrompter } from '../helpers/prompter.js';
import { run, tempConfigDir } from '../helpers/run-cli.js';
import { useTestSandbox } from '../helpers/sandbox.js';

const t = useTestSandbox();

async function twoProfiles(): Promise<string> {
  const dir = tempConfigDir();
  for (const name of ['main', 'staging']) {
    const login = await run(
      ['--profile', name, 'login', '--base-url', t.env.PAYGATE_BASE_URL!, '--secret-key-stdin'],
      {
        env: { PAYGATE_CONFIG_DIR: dir },
        stdin: t.env.PAYGATE_SECRET_KEY!,
      },
    );
    expect(login.code).toBe(0);
  }
  return dir;
}

const names = async (dir: string) =>
  JSON.parse((await run(['profile', 'list', '--json'], { env: { PAYGATE_CONFIG_DIR: dir } })).stdout).map(
    (profile: { name: string; current: boolean }) => `${profile.name}${profile.current ? '*' : ''}`,
  );

describe('profile remove', () => {
  it('on a terminal asks first, naming the current profile; No keeps it (exit 2, no "error:")', async () => {
    const dir = await twoProfiles();
    const prompter = createScriptedPrompter([
      {
        message: `Remove the current profile "main" (${t.env.PAYGATE_BASE_URL}) and its keys?`,
        answer: false,
      },
    ]);
    const result = await run(['profile', 'remove', 'main'], {
      env: { PAYGATE_CONFIG_DIR: dir },
      tty: true,
      prompter,
    });
    prompter.assertDone();
    expect(result.code).toBe(2);
    expect(result.stderr).toBe('Cancelled: the profile was kept.\n');
    expect(await names(dir)).toEqual(['main*', 'staging']);
  });

  it('on a terminal, Yes removes it', async () => {
    const dir = await twoProfiles();
    const prompter = createScriptedPrompter([{ message: 'Remove profile "staging"', answer: true }]);
    const result = await run(['profile', 'remove', 'staging'], {
      env: { PAYGATE_CONFIG_DIR: dir },
      tty: true,
      prompter,
    });
    prompter.assertDone();
    expect(result.code).toBe(0);
    expect(await names(dir)).toEqual(['main*']);
  });

  it('--yes, or a script (no terminal), removes without a question', async () => {
    const dir = await twoProfiles();
    const yes = await run(['profile', 'remove', 'staging', '--yes'], {
      env: { PAYGATE_CONFIG_DIR: dir },
      tty: true,
    });
    expect(yes.code).toBe(0);
    const script = await run(['profile', 'remove', 'main'], { env: { PAYGATE_CONFIG_DIR: dir } });
    expect(script.code).toBe(0);
    expect(await names(dir)).toEqual([]);
  });
});

// profile list/use/remove: remove asks first on a terminal (the keys go with it).
import { describe, expect, it } from 'vitest';
import { balance } from '../../src/commands/account/account.js';
import { login } from '../../src/commands/auth/login.js';
import { profileList, profileRemove } from '../../src/commands/auth/profile.js';
import { errorHint } from '../../src/output/error-text.js';
import { createScriptedPrompter } from '../helpers/prompter.js';
import { run, tempConfigDir } from '../helpers/run-cli.js';
import { runHandler } from '../helpers/run-handler.js';
import { useTestSandbox } from '../helpers/sandbox.js';

const t = useTestSandbox();

async function twoProfiles(): Promise<string> {
  const dir = tempConfigDir();
  for (const name of ['main', 'staging']) {
    const loggedIn = await runHandler(login, ['login', '--secret-key-stdin'], {
      env: { PAYGATE_CONFIG_DIR: dir },
      globals: { profile: name, baseUrl: t.env.PAYGATE_BASE_URL! },
      stdin: t.env.PAYGATE_SECRET_KEY!,
    });
    expect(loggedIn.code).toBe(0);
  }
  return dir;
}

const names = async (dir: string) =>
  JSON.parse(
    (
      await runHandler(profileList, ['profile', 'list'], {
        env: { PAYGATE_CONFIG_DIR: dir },
        globals: { json: true },
      })
    ).stdout,
  ).map((profile: { name: string; current: boolean }) => `${profile.name}${profile.current ? '*' : ''}`);

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
    const result = await runHandler(profileRemove, ['profile', 'remove', 'staging'], {
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
    const yes = await runHandler(profileRemove, ['profile', 'remove', 'staging', '--yes'], {
      env: { PAYGATE_CONFIG_DIR: dir },
      tty: true,
    });
    expect(yes.code).toBe(0);
    const script = await runHandler(profileRemove, ['profile', 'remove', 'main'], {
      env: { PAYGATE_CONFIG_DIR: dir },
    });
    expect(script.code).toBe(0);
    expect(await names(dir)).toEqual([]);
  });
});

describe('a profile that does not exist', () => {
  it('--profile NAME says so, lists the profiles there are and the login that creates it (exit 4)', async () => {
    const dir = await twoProfiles();
    const before = t.sandbox.requests.length;
    const result = await run(['--profile', 'prod', 'balance'], { env: { PAYGATE_CONFIG_DIR: dir } });
    expect(result).toEqual({
      code: 4,
      stdout: '',
      stderr:
        'error: profile "prod" does not exist; the profiles are main, staging\n' +
        'hint: create it with `paygate --profile prod login`\n',
    });
    expect(t.sandbox.requests.length).toBe(before);
  });

  it('named by PAYGATE_PROFILE: says where the name came from', async () => {
    const dir = await twoProfiles();
    const result = await run(['balance'], { env: { PAYGATE_CONFIG_DIR: dir, PAYGATE_PROFILE: 'prod' } });
    expect(result.code).toBe(4);
    expect(result.stderr).toBe(
      'error: profile "prod" (named by PAYGATE_PROFILE) does not exist; the profiles are main, staging\n' +
        'hint: create it with `paygate login --profile prod`\n',
    );
  });

  it('before any login: not logged in, and how to', async () => {
    const result = await runHandler(balance, ['balance'], { env: { PAYGATE_CONFIG_DIR: tempConfigDir() } });
    expect(result.code).toBe(4);
    expect(result.error?.message).toBe('not logged in: there is no profile yet');
    expect(errorHint(result.error)).toBe('run `paygate login`, pass --base-url, or set PAYGATE_BASE_URL');
    expect(result.stderr).toBe('');
  });
});

// `profile list/use/remove` in their two layers: parse (argv → options; whether the profile
// exists is read from the config file, in run) and run.
import { describe, expect, it } from 'vitest';
import { profileList, profileRemove, profileUse } from '../../../src/commands/auth/profile.js';
import { fakeContext } from '../../helpers/fake-context.js';
import { createScriptedPrompter } from '../../helpers/prompter.js';
import { inputFor, tempConfigDir } from '../../helpers/run-cli.js';

const noSettings = { setting: () => undefined };
const KEY = 'sk_test_S3cr3tKeyValue0123456789';

describe('profile: parse', () => {
  it('list takes nothing; use and remove the name; remove --yes', async () => {
    expect(profileList.parse(await inputFor(['profile', 'list']), noSettings)).toBeUndefined();
    expect(profileUse.parse(await inputFor(['profile', 'use', 'staging']), noSettings)).toEqual({
      name: 'staging',
    });
    expect(profileRemove.parse(await inputFor(['profile', 'remove', 'staging']), noSettings)).toEqual({
      name: 'staging',
      yes: false,
    });
    expect(
      profileRemove.parse(await inputFor(['profile', 'remove', 'staging', '--yes']), noSettings),
    ).toEqual({
      name: 'staging',
      yes: true,
    });
  });

  it('an input made by hand without the name is refused', () => {
    expect(() => profileUse.parse({ args: [], flags: {} }, noSettings)).toThrow(
      expect.objectContaining({ exitCode: 2, message: "missing required argument 'name'" }),
    );
  });
});

describe('profile: run', () => {
  /** A config dir with profiles `main` (current) and `staging`, each with a key. */
  async function twoProfiles(): Promise<string> {
    const dir = tempConfigDir();
    const { context } = fakeContext({ env: { PAYGATE_CONFIG_DIR: dir } });
    await context.config.update((data) => {
      data.profiles.main = { base_url: 'https://gateway.example', secret_key: KEY };
      data.profiles.staging = { base_url: 'https://staging.example', secret_key: KEY };
      data.current_profile = 'main';
    });
    await context.close();
    return dir;
  }
  const inDir = (dir: string, options: Parameters<typeof fakeContext>[0] = {}) =>
    fakeContext({ ...options, env: { PAYGATE_CONFIG_DIR: dir } });

  it('list: every profile, the current one marked, keys masked', async () => {
    const dir = await twoProfiles();
    const { context, io } = inDir(dir);
    expect(await profileList.run(undefined, context)).toBe(0);
    await context.close();
    const [header, main, staging] = io.stdout.text.trimEnd().split('\n');
    expect(header).toMatch(/^ +PROFILE +BASE URL +SECRET KEY +PUBLIC KEY$/);
    expect(main).toMatch(/^\* +main +https:\/\/gateway\.example +sk_test_…6789/);
    expect(staging).toMatch(/^ +staging +https:\/\/staging\.example +sk_test_…6789/);
    expect(io.stdout.text).not.toContain(KEY);
  });

  it('use: makes it current; an unknown one is a usage error listing the profiles', async () => {
    const dir = await twoProfiles();
    const used = inDir(dir);
    expect(await profileUse.run({ name: 'staging' }, used.context)).toBe(0);
    await used.context.close();
    expect(used.io.stderr.text).toBe('Now using profile "staging".\n');
    expect(used.context.config.read().current_profile).toBe('staging');

    const unknown = inDir(dir);
    await expect(profileUse.run({ name: 'prod' }, unknown.context)).rejects.toMatchObject({
      exitCode: 2,
      message: 'no profile "prod" (profiles: main, staging)',
    });
    await unknown.context.close();
  });

  it('remove on a terminal asks first; No keeps it', async () => {
    const dir = await twoProfiles();
    const prompter = createScriptedPrompter([
      { message: 'Remove the current profile "main" (https://gateway.example) and its keys?', answer: false },
    ]);
    const { context } = inDir(dir, { tty: true, prompter });
    await expect(profileRemove.run({ name: 'main', yes: false }, context)).rejects.toMatchObject({
      exitCode: 2,
      message: 'Cancelled: the profile was kept.',
    });
    prompter.assertDone();
    expect(Object.keys(context.config.read().profiles)).toEqual(['main', 'staging']);
    await context.close();
  });

  it('remove --yes on a terminal does not ask; the current one removed, none is current', async () => {
    const dir = await twoProfiles();
    const { context, io } = inDir(dir, { tty: true });
    expect(await profileRemove.run({ name: 'main', yes: true }, context)).toBe(0);
    expect(io.stderr.text).toBe('Removed profile "main".\n');
    const config = context.config.read();
    await context.close();
    expect(Object.keys(config.profiles)).toEqual(['staging']);
    expect(config.current_profile).toBeUndefined();
  });
});

import { mkdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { maskKey, resolveProfile } from '../../src/config/profile.js';
import { ConfigStore, resolveConfigDir } from '../../src/config/store.js';
import { run, tempConfigDir } from '../helpers/run-cli.js';

describe('config store', () => {
  it('writes the config file with mode 0600, also over a file made world-readable by hand', async () => {
    const dir = tempConfigDir();
    const store = new ConfigStore(dir);
    await store.update((data) => {
      data.settings.output = 'json';
    });
    expect(statSync(store.path).mode & 0o777).toBe(0o600);
    writeFileSync(store.path, '{"profiles":{},"settings":{}}', { mode: 0o644 });
    await new ConfigStore(dir).update((data) => {
      data.settings.output = 'csv';
    });
    expect(statSync(store.path).mode & 0o777).toBe(0o600);
    expect(new ConfigStore(dir).read().settings.output).toBe('csv');
  });

  it('uses PAYGATE_CONFIG_DIR, else XDG_CONFIG_HOME, else ~/.config', () => {
    expect(resolveConfigDir({ PAYGATE_CONFIG_DIR: '/tmp/x' })).toBe('/tmp/x');
    expect(resolveConfigDir({ XDG_CONFIG_HOME: '/cfg' })).toBe('/cfg/paygate');
    expect(resolveConfigDir({ HOME: '/home/ana' })).toBe('/home/ana/.config/paygate');
  });

  it('an unreadable config file is one line and exit 2, never a stack trace', async () => {
    const dir = tempConfigDir();
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'config.json'), '{ not json');
    const result = await run(['config', 'list'], { env: { PAYGATE_CONFIG_DIR: dir } });
    expect(result.code).toBe(2);
    expect(result.stderr).toBe(
      `error: cannot read the config file ${join(dir, 'config.json')}: it is not valid JSON; fix it or remove it\n`,
    );
  });
});

describe("a profile's own settings (gateway.…)", () => {
  it('are read from its entry; an entry whose settings are not setting values is no paygate config', () => {
    const dir = tempConfigDir();
    writeFileSync(
      join(dir, 'config.json'),
      JSON.stringify({ profiles: { a: { settings: { 'gateway.money_unit': 'reais' } } }, settings: {} }),
      { mode: 0o600 },
    );
    expect(new ConfigStore(dir).read().profiles.a?.settings).toEqual({ 'gateway.money_unit': 'reais' });
    const broken = tempConfigDir();
    writeFileSync(
      join(broken, 'config.json'),
      JSON.stringify({ profiles: { a: { settings: { 'gateway.money_unit': ['reais'] } } } }),
      { mode: 0o600 },
    );
    expect(() => new ConfigStore(broken).read()).toThrow(/its structure is not a paygate config/);
  });
});

describe('profile resolution: flag > environment > profile > default', () => {
  const config = {
    current_profile: 'live',
    profiles: {
      live: { base_url: 'https://live.example', api_prefix: '/api/v1', secret_key: 'sk_live_profile1234' },
      staging: { base_url: 'https://staging.example', secret_key: 'sk_test_staging9999' },
    },
    settings: {},
  };

  it('takes the current profile when nothing else is said', () => {
    const profile = resolveProfile(config, {}, {});
    expect(profile).toMatchObject({
      name: 'live',
      baseUrl: 'https://live.example',
      apiPrefix: '/api/v1',
      secretKey: 'sk_live_profile1234',
    });
    expect(profile.sources).toEqual({ baseUrl: 'profile', secretKey: 'profile', publicKey: 'none' });
  });

  it('PAYGATE_PROFILE beats the current profile; --profile beats PAYGATE_PROFILE', () => {
    expect(resolveProfile(config, { PAYGATE_PROFILE: 'staging' }, {}).name).toBe('staging');
    expect(resolveProfile(config, { PAYGATE_PROFILE: 'staging' }, { profile: 'live' }).name).toBe('live');
  });

  it('environment keys and URL beat the profile; --base-url beats the environment', () => {
    const env = { PAYGATE_BASE_URL: 'https://env.example', PAYGATE_SECRET_KEY: 'sk_env_0000' };
    const fromEnv = resolveProfile(config, env, {});
    expect(fromEnv).toMatchObject({
      baseUrl: 'https://env.example',
      secretKey: 'sk_env_0000',
      apiPrefix: undefined,
    });
    expect(resolveProfile(config, env, { baseUrl: 'https://flag.example' }).baseUrl).toBe(
      'https://flag.example',
    );
  });

  it('masks keys for display', () => {
    expect(maskKey('sk_live_0123456789abcdef9f2c')).toBe('sk_live_…9f2c');
    expect(maskKey('sk_test_abcdef9f2c')).toBe('sk_test_…');
    expect(maskKey('plainsecretvalue1234')).toBe('…1234');
    expect(maskKey('short')).toBe('…');
    expect(maskKey(undefined)).toBe('-');
  });
});

describe('config commands', () => {
  it('set, get, list and unset a setting', async () => {
    const env = { PAYGATE_CONFIG_DIR: tempConfigDir() };
    expect((await run(['config', 'get', 'fee.pix'], { env })).stdout).toBe('3.99\n');
    expect((await run(['config', 'set', 'fee.pix', '2.49'], { env })).code).toBe(0);
    expect((await run(['config', 'get', 'fee.pix'], { env })).stdout).toBe('2.49\n');
    expect((await run(['config', 'set', 'payout.max_amount', '5000.00'], { env })).code).toBe(0);
    expect((await run(['config', 'get', 'payout.max_amount', '--json'], { env })).stdout).toBe('500000\n');
    const list = JSON.parse((await run(['config', 'list', '--json'], { env })).stdout);
    expect(list).toContainEqual(expect.objectContaining({ name: 'fee.pix', value: 2.49, source: 'config' }));
    expect((await run(['config', 'unset', 'fee.pix'], { env })).code).toBe(0);
    expect((await run(['config', 'get', 'fee.pix'], { env })).stdout).toBe('3.99\n');
  });

  it('money settings are echoed and listed as money, with the centavos get prints', async () => {
    const env = { PAYGATE_CONFIG_DIR: tempConfigDir() };
    expect(await run(['config', 'set', 'payout.max_amount', '5000.00'], { env })).toEqual({
      code: 0,
      stdout: '',
      stderr: 'payout.max_amount = R$ 5.000,00 (500000 centavos)\n',
    });
    expect((await run(['config', 'get', 'payout.max_amount'], { env })).stdout).toBe('500000\n');
    const table = (await run(['config', 'list', '--output', 'table'], { env })).stdout;
    expect(table).toMatch(/^payout\.max_amount +R\$ 5\.000,00 \(500000 centavos\) +config /m);
    // Machine formats keep the stored number.
    const csv = (await run(['config', 'list', '--output', 'csv'], { env })).stdout;
    expect(csv).toContain('\npayout.max_amount,500000,config,');
  });

  it('config list states each default as a fact, citing no document the user does not have', async () => {
    const env = { PAYGATE_CONFIG_DIR: tempConfigDir() };
    const table = (await run(['config', 'list', '--output', 'table'], { env })).stdout;
    expect(table).not.toMatch(/SPEC/);
    expect(table).toMatch(/^fee\.pix +3\.99 +default +PIX fee rate .*the rate the gateway's API documents/m);
    expect(table).toMatch(/^fee\.card +4\.99 +default +.*an assumption, the gateway publishes no card rate/m);
  });

  it('rejects an unknown setting or a bad value with exit 2 naming it', async () => {
    const env = { PAYGATE_CONFIG_DIR: tempConfigDir() };
    const unknown = await run(['config', 'set', 'colour', 'red'], { env });
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('colour');
    const bad = await run(['config', 'set', 'fee.pix', 'lots'], { env });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('fee.pix: must be a percentage');
  });

  it('config path prints the file under PAYGATE_CONFIG_DIR', async () => {
    const dir = tempConfigDir();
    expect((await run(['config', 'path'], { env: { PAYGATE_CONFIG_DIR: dir } })).stdout).toBe(
      `${join(dir, 'config.json')}\n`,
    );
  });
});

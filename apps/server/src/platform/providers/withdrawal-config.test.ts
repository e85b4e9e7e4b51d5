import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config.js';
import { parseStock } from './withdrawal-config.js';

const production = {
  NODE_ENV: 'production',
  DATABASE_URL: 'postgres://u@127.0.0.1:5432/db',
  BEACON_SOURCE: 'drand',
  APP_SECRET: 'q7Vb2xK9mZ4pR8tW1yN6cF3hJ5sL0dGaE-uXo_iB',
  PUBLIC_URL: 'https://skinfair.example',
} as const;
const secret = () => randomBytes(20).toString('base64');
const bot = {
  WITHDRAWAL_MODE: 'steam-bot',
  STEAM_BOT_ACCOUNT_NAME: 'skinfair_bot_1',
  STEAM_BOT_PASSWORD: 'correct horse battery staple',
  STEAM_BOT_SHARED_SECRET: secret(),
  STEAM_BOT_IDENTITY_SECRET: secret(),
  STEAM_BOT_API_KEY: '0123456789ABCDEF0123456789ABCDEF',
};

function problemsOf(env: Record<string, string>): string {
  try {
    loadConfig(env);
  } catch (err) {
    expect(err).toBeInstanceOf(ConfigError);
    return (err as Error).message;
  }
  return '';
}

describe('withdrawal mode (issue 17)', () => {
  it('production accepts the manual queue and the Steam bot, and refuses the sandbox', () => {
    expect(loadConfig({ ...production, WITHDRAWAL_MODE: 'manual' }).withdrawals).toEqual({ mode: 'manual' });
    const config = loadConfig({
      ...production,
      ...bot,
      STEAM_BOT_STOCK: '{"AK-47 | Redline (Field-Tested)":["27348562111","27348562112"]}',
    });
    expect(config.withdrawals).toMatchObject({
      mode: 'steam-bot',
      accountName: 'skinfair_bot_1',
      apiKey: bot.STEAM_BOT_API_KEY,
      pollMs: 30_000,
      offerTtlMs: 24 * 3_600_000,
      stock: { kind: 'assets', byName: { 'AK-47 | Redline (Field-Tested)': ['27348562111', '27348562112'] } },
      webApiUrl: 'https://api.steampowered.com',
      communityUrl: 'https://steamcommunity.com',
      webCookies: null,
    });
    expect(problemsOf({ ...production, WITHDRAWAL_MODE: 'sandbox' })).toMatch(/WITHDRAWAL_MODE: "sandbox" .* not allowed in production/);
    // Unset: nothing is delivered (withdrawals wait), as with no SMS provider.
    expect(loadConfig({ ...production }).withdrawals).toEqual({ mode: 'none' });
  });

  it('defaults to the sandbox only with the sandbox tools', () => {
    expect(loadConfig({ NODE_ENV: 'development' }).withdrawals).toEqual({ mode: 'sandbox' });
    expect(loadConfig({ NODE_ENV: 'development', SANDBOX_TOOLS: 'false' }).withdrawals).toEqual({
      mode: 'none',
    });
    expect(problemsOf({ NODE_ENV: 'development', SANDBOX_TOOLS: 'false', WITHDRAWAL_MODE: 'sandbox' })).toMatch(/needs SANDBOX_TOOLS/);
  });

  it('lists every problem of the bot settings at once', () => {
    const text = problemsOf({
      ...production,
      WITHDRAWAL_MODE: 'steam-bot',
      STEAM_BOT_SHARED_SECRET: 'not-a-secret',
      STEAM_BOT_API_KEY: 'xyz',
      STEAM_BOT_STOCK: '{"AK-47 | Redline (Field-Tested)": [123]}',
      STEAM_BOT_WEB_API_URL: 'http://steam-proxy.example',
      STEAM_BOT_WEB_COOKIES: 'sessionid=1',
    });
    for (const expected of [
      /STEAM_BOT_ACCOUNT_NAME: required/,
      /STEAM_BOT_PASSWORD: required/,
      /STEAM_BOT_IDENTITY_SECRET: required/,
      /STEAM_BOT_SHARED_SECRET: the base64 secret/,
      /STEAM_BOT_API_KEY: 32 hexadecimal/,
      /STEAM_BOT_STOCK: every market hash name/,
      /STEAM_BOT_WEB_API_URL: .* must be https/,
      /STEAM_BOT_WEB_COOKIES: only for tests/,
    ])
      expect(text).toMatch(expected);
    expect(problemsOf({ ...production, ...bot, STEAM_BOT_POLL_MS: '10' })).toMatch(/STEAM_BOT_POLL_MS/);
  });

  it('reads the stock as the live inventory or a map of asset ids', () => {
    expect(parseStock('inventory')).toEqual({ kind: 'inventory' });
    expect(parseStock('{"★ Karambit | Doppler (Factory New)":["1","2"]}')).toEqual({
      kind: 'assets',
      byName: { '★ Karambit | Doppler (Factory New)': ['1', '2'] },
    });
    expect(parseStock('{"a":["1"],"b":["1"]}')).toMatch(/listed twice/);
    expect(parseStock('{"a":[]}')).toMatch(/asset ids/);
    expect(parseStock('[1,2]')).toMatch(/asset ids/);
    expect(parseStock('nope')).toMatch(/"inventory" or a JSON object/);
  });
});

import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSteamTradeStub, type SteamTradeStub } from '../../../testing/stubs/steam-trade-stub.js';
import type { SteamBotSettings } from '../withdrawal-config.js';
import { createSteamTradeClient } from './client.js';

/**
 * The Steam client on its own (the libraries against the local stub): the Web API is called with the API key
 * when one is configured, else with the web session's access token; a wrong key is an error, not "no offer".
 */
const BOT = '76561198000000003';
const apiKey = randomBytes(16).toString('hex');
const accessToken = 'client.test.token';
const sessionId = randomBytes(12).toString('hex');
const identitySecret = randomBytes(20).toString('base64');
let stub: SteamTradeStub;

const settings = (over: Partial<SteamBotSettings>): SteamBotSettings => ({
  accountName: 'stub',
  password: 'stub',
  sharedSecret: '',
  identitySecret,
  apiKey,
  pollMs: 1_000,
  offerTtlMs: 86_400_000,
  stock: { kind: 'inventory' },
  webApiUrl: stub.url,
  communityUrl: stub.url,
  webCookies: [`steamLoginSecure=${BOT}%7C%7C${accessToken}`, `sessionid=${sessionId}`],
  ...over,
});

beforeAll(async () => {
  stub = await startSteamTradeStub({
    botSteamId: BOT,
    apiKey,
    accessToken,
    sessionId,
    identitySecret,
    inventory: { '61000000001': 'P250 | Sand Dune (Field-Tested)' },
  });
  stub.registerPlayer(77_001, 'TokA1234');
});
afterAll(async () => stub?.close());

describe('Steam trade client', () => {
  it('sends, confirms, reads, finds by marker and cancels an offer, with the API key', async () => {
    const client = createSteamTradeClient(settings({}));
    expect(await client.inventory()).toEqual([{ assetId: '61000000001', marketHashName: 'P250 | Sand Dune (Field-Tested)' }]);
    const sent = await client.sendOffer({
      partnerAccountId: 77_001,
      token: 'TokA1234',
      assetId: '61000000001',
      message: 'x [skinfair:1]',
    });
    expect(sent.needsConfirmation).toBe(true);
    await client.confirm(sent.id);
    expect(await client.getOffer(sent.id)).toMatchObject({
      id: sent.id,
      state: 2,
      assetIds: ['61000000001'],
      partnerAccountId: 77_001,
    });
    expect((await client.findSentOffer('[skinfair:1]', new Date(Date.now() - 60_000)))?.id).toBe(sent.id);
    expect(await client.findSentOffer('[skinfair:2]', new Date(Date.now() - 60_000))).toBeNull();
    expect(await client.getOffer('999')).toBeNull();
    await client.cancelOffer(sent.id);
    expect((await client.getOffer(sent.id))?.state).toBe(6);
    expect(stub.refusals).toEqual([]);
    expect(new Set(stub.webApiAuth)).toEqual(new Set(['key']));
  });

  it('uses the web session access token when no API key is set', async () => {
    const client = createSteamTradeClient(settings({ apiKey: null }));
    const [id] = [...stub.offers.keys()];
    stub.webApiAuth.length = 0;
    expect((await client.getOffer(id!))?.id).toBe(id);
    expect(stub.webApiAuth).toEqual(['token']);
    expect(stub.refusals).toEqual([]);
  });

  it('reports a refused API key as an error, never as a missing offer', async () => {
    const client = createSteamTradeClient(settings({ apiKey: 'F'.repeat(32) }));
    const [id] = [...stub.offers.keys()];
    await expect(client.getOffer(id!)).rejects.toThrow();
    expect(stub.refusals).toContain('GetTradeOffer key');
  });
});

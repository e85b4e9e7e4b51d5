import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QUICKNET_URLS, createDrandBeaconProvider, type BeaconFailure } from './beacon-drand.js';

// TV6 of shared/design/provably-fair.md (drand's bls-unchained-g1-rfc9380 test chain, round 3).
const TV6_KEY =
  'a1ee12542360bf75742bcade13d6134e7d5283d9eb782887c47d3d9725f05805d37b0106b7f744395bf82c175dd7434a169e998f188a657a030d588892c0cd2c01f996aaf331c4d8bc5b9734bbe261d09e7d2d39ef88b635077f262bd7bbb30f';
const TV6_SIGNATURE = 'b98dae74f6a9d2ec79d75ba273dcfda86a45d589412860eb4c0fd056b00654dbf667c1b6884987c9aee0d43f8ba9db52';
const TV6_RANDOMNESS = '9e9829dfb34bd8db3e21c28e13aefecd86e007ebd19d6bb8a5cee99c0a34798f';
// Quicknet round 1000, as the public relays serve it: checks the default (pinned quicknet) key.
const QUICKNET_1000 = {
  round: 1000,
  randomness: 'fe290beca10872ef2fb164d2aa4442de4566183ec51c56ff3cd603d930e54fdd',
  signature: 'b44679b9a59af2ec876b1a6b1ad52ea9b1615fc3982b19576350f93447cb1125e342b73a8dd2bacbe47e4b6b63ed5e39',
};
const tampered = TV6_SIGNATURE.slice(0, 40) + (TV6_SIGNATURE[40] === '0' ? '1' : '0') + TV6_SIGNATURE.slice(41);

/** A fake relay on loopback: each path prefix misbehaves in one way; no real network in tests. */
let server: Server;
let base = '';
beforeAll(async () => {
  server = createServer((req, res) => {
    const json = (status: number, body: unknown) => res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    const [, relay, , round] = (req.url ?? '').split('/');
    if (relay === 'slow') return; // never answers
    if (relay === 'broken') return res.writeHead(200).end('{"round":3,');
    if (relay === 'tampered') return json(200, { round: 3, randomness: TV6_RANDOMNESS, signature: tampered });
    if (relay === 'liar') return json(200, { round: 3, randomness: '00'.repeat(32), signature: TV6_SIGNATURE });
    if (relay === 'stale') return json(200, { round: 2, randomness: TV6_RANDOMNESS, signature: TV6_SIGNATURE });
    if (relay === 'good' && round === '3') return json(200, { round: 3, randomness: TV6_RANDOMNESS, signature: TV6_SIGNATURE });
    if (relay === 'good' && round === '1000') return json(200, QUICKNET_1000);
    return json(404, { error: 'not found' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const relay = (name: string) => `${base}/${name}/public/{round}`;
const provider = (names: string[], failures: BeaconFailure[] = []) =>
  createDrandBeaconProvider({
    urls: names.map(relay),
    publicKey: TV6_KEY,
    timeoutMs: 300,
    onFailure: (f) => failures.push(f),
  });

describe('drand beacon provider', () => {
  it('returns a round whose signature verifies, with randomness = SHA-256(signature) (TV6)', async () => {
    const beacon = provider(['good']);
    expect(beacon.source).toBe('drand');
    expect(await beacon.fetchRound(3)).toEqual({
      round: 3,
      randomness: TV6_RANDOMNESS,
      signature: TV6_SIGNATURE,
      source: 'drand',
    });
  });

  it('verifies against the pinned quicknet key by default', async () => {
    const beacon = createDrandBeaconProvider({ urls: [relay('good')] });
    expect(await beacon.fetchRound(1000)).toEqual({ ...QUICKNET_1000, source: 'drand' });
    // The test chain's round is not quicknet's: refused under the default key.
    expect(await beacon.fetchRound(3)).toBeNull();
  });

  it('refuses a tampered signature', async () => {
    const failures: BeaconFailure[] = [];
    expect(await provider(['tampered'], failures).fetchRound(3)).toBeNull();
    expect(failures).toEqual([{ round: 3, origin: base, reason: 'bad-signature' }]);
  });

  it('answers null while the round is not published (404)', async () => {
    const failures: BeaconFailure[] = [];
    expect(await provider(['good'], failures).fetchRound(4)).toBeNull();
    expect(failures).toEqual([{ round: 4, origin: base, reason: 'status', status: 404 }]);
  });

  it('answers null when the relay does not answer in time', async () => {
    const failures: BeaconFailure[] = [];
    expect(await provider(['slow'], failures).fetchRound(3)).toBeNull();
    expect(failures).toEqual([{ round: 3, origin: base, reason: 'network' }]);
  });

  it('answers null when nothing listens', async () => {
    const failures: BeaconFailure[] = [];
    const beacon = createDrandBeaconProvider({
      urls: ['http://127.0.0.1:1/public/{round}'],
      publicKey: TV6_KEY,
      onFailure: (f) => failures.push(f),
    });
    expect(await beacon.fetchRound(3)).toBeNull();
    expect(failures.map((f) => f.reason)).toEqual(['network']);
  });

  it('refuses malformed JSON and a round other than the one asked for', async () => {
    const failures: BeaconFailure[] = [];
    const beacon = provider(['broken', 'stale'], failures);
    expect(await beacon.fetchRound(3)).toBeNull();
    expect(failures.map((f) => f.reason)).toEqual(['malformed', 'wrong-round']);
  });

  it("derives the randomness itself and ignores the relay's", async () => {
    expect((await provider(['liar']).fetchRound(3))?.randomness).toBe(TV6_RANDOMNESS);
  });

  it('falls through failing relays to one that has the round', async () => {
    const failures: BeaconFailure[] = [];
    const beacon = provider(['slow', 'missing', 'tampered', 'good'], failures);
    expect((await beacon.fetchRound(3))?.randomness).toBe(TV6_RANDOMNESS);
    expect(failures.map((f) => f.reason)).toEqual(['network', 'status', 'bad-signature']);
  });

  it('never asks a relay for a round that cannot exist', async () => {
    const failures: BeaconFailure[] = [];
    for (const round of [0, -3, 2.5]) expect(await provider(['good'], failures).fetchRound(round)).toBeNull();
    expect(failures).toEqual([]);
  });

  it('defaults to the public quicknet relays', () => {
    expect(QUICKNET_URLS.length).toBeGreaterThanOrEqual(2);
    for (const url of QUICKNET_URLS) {
      expect(url).toMatch(/^https:\/\//);
      expect(url).toContain('/52db9ba70e0cc0f6eaf7803dd07447a1f5477735fd3f661792ba94600c84e971/public/{round}');
    }
  });
});

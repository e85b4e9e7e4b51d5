import { describe, expect, it } from 'vitest';
import { createAppContext } from './app.js';
import type { Database } from './platform/db/client.js';
import type { LivePublisher } from './platform/live-publisher.js';
import { createLocalBeaconProvider } from './platform/providers/index.js';
import { testConfig } from './testing/test-app.js';

// Choosing providers touches neither the database nor the live channel, so stand-ins do.
const deps = { database: { db: {} } as unknown as Database, live: {} as LivePublisher };

describe('beacon selection (config.beaconSource)', () => {
  it('local by default outside production', () => {
    expect(createAppContext({ ...deps, config: testConfig() }).beacon.source).toBe('local');
  });

  it('drand when BEACON_SOURCE=drand', () => {
    expect(createAppContext({ ...deps, config: testConfig({ BEACON_SOURCE: 'drand' }) }).beacon.source).toBe('drand');
  });

  it('takes the provider a caller passes in', () => {
    const beacon = createLocalBeaconProvider({ now: () => 0 });
    const ctx = createAppContext({
      ...deps,
      config: testConfig({ BEACON_SOURCE: 'drand' }),
      providers: { beacon },
    });
    expect(ctx.beacon).toBe(beacon);
  });
});

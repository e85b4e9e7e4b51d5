import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { CurrentSeeds } from '@skinfair/contract';
import { removeToken, setToken } from '../../../shared/storage/token';
import { callsTo, renderWithProviders, stubApi } from '../../../test/render';
import { SeedPanel } from './seed-panel';

beforeEach(() => setToken('player-token'));
afterEach(() => {
  vi.unstubAllGlobals();
  removeToken();
});

const key = (clientSeed: string | null): CurrentSeeds => ({
  publicHash: 'a'.repeat(64),
  clientSeed,
  nonce: 0,
  nextPublicHash: 'b'.repeat(64),
});

describe('the seed panel (issue 24 §13: the client seed is the player’s)', () => {
  it('for a pair without a client seed offers one made in this browser and sets it without rotating', async () => {
    let current = key(null);
    const fetchFn = stubApi({
      '/api/key/currentKey': () => current,
      '/api/key/clientSeed': (params) => (current = key(params.get('clientSeed'))),
    });
    renderWithProviders(<SeedPanel />);
    expect(await screen.findByTestId('client-seed-missing')).toBeTruthy();
    const offered = (screen.getByTestId('client-seed-input') as HTMLInputElement).value;
    expect(offered).toMatch(/^[0-9a-f]{32}$/);

    fireEvent.click(screen.getByTestId('set-client-seed'));
    await waitFor(() => expect(screen.getByTestId('rotate-seed')).toBeTruthy());
    const [sent] = callsTo(fetchFn, '/api/key/clientSeed');
    expect(sent?.get('clientSeed')).toBe(offered);
    expect(callsTo(fetchFn, '/api/key/reset')).toHaveLength(0);
    expect(screen.queryByTestId('client-seed-missing')).toBeNull();
  });

  it('shows a set client seed as it is, with rotation as the only way to change it', async () => {
    stubApi({ '/api/key/currentKey': () => key('lucky-Panda_2025') });
    renderWithProviders(<SeedPanel />);
    expect(((await screen.findByTestId('client-seed-input')) as HTMLInputElement).value).toBe('lucky-Panda_2025');
    expect(screen.getByTestId('rotate-seed')).toBeTruthy();
    expect(screen.queryByTestId('set-client-seed')).toBeNull();
  });
});

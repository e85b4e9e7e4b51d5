import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiGet } from '../api/client';
import { DEVICE_KEY, getDeviceId } from './device-id';

afterEach(() => vi.unstubAllGlobals());

describe('device id (docs/decisions/0016)', () => {
  it('makes a random id once and keeps it in localStorage', () => {
    const first = getDeviceId();
    expect(first).toMatch(/^[0-9a-f]{32}$/);
    expect(localStorage.getItem(DEVICE_KEY)).toBe(first);
    expect(getDeviceId()).toBe(first);
  });

  it('replaces a stored value of the wrong shape', () => {
    localStorage.setItem(DEVICE_KEY, 'bad id!');
    expect(getDeviceId()).toMatch(/^[0-9a-f]{32}$/);
  });

  it('sends it as the device-id header on every API call', async () => {
    const seen: Array<Record<string, string>> = [];
    vi.stubGlobal(
      'fetch',
      vi.fn((_url: string, init: RequestInit) => {
        seen.push(init.headers as Record<string, string>);
        return Promise.resolve(
          new Response(JSON.stringify({ status: 0, msg: '', data: 1 }), { headers: { 'Content-Type': 'application/json' } }),
        );
      }),
    );
    await apiGet('/api/stat/homepage');
    expect(seen[0]?.['device-id']).toBe(getDeviceId());
  });
});

import { describe, expect, it, vi } from 'vitest';
import { parseSteamCallbackParams, safeRedirect, sitePath } from './steam-callback-params';

describe('steam callback params (spec §2)', () => {
  it('reads redirectUrl, promoteCode and channelCode from the JSON query value', () => {
    const params = encodeURIComponent(JSON.stringify({ redirectUrl: '/box', promoteCode: 'ABC123', channelCode: 'bili' }));
    expect(parseSteamCallbackParams(`?params=${params}`)).toEqual({
      redirectUrl: '/box',
      promoteCode: 'ABC123',
      channelCode: 'bili',
    });
  });

  it('treats missing or malformed params as empty', () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const empty = { redirectUrl: null, promoteCode: null, channelCode: null };
    expect(parseSteamCallbackParams('')).toEqual(empty);
    expect(parseSteamCallbackParams('?params={bad')).toEqual(empty);
  });

  it('follows only same-site redirects', () => {
    expect(safeRedirect('/battle/3')).toBe('/battle/3');
    expect(safeRedirect('/battle/3?tab=rounds#round-2')).toBe('/battle/3?tab=rounds#round-2');
    expect(safeRedirect('https://evil.example')).toBe('/home');
    expect(safeRedirect('//evil.example')).toBe('/home');
    expect(safeRedirect(null)).toBe('/home');
  });

  it.each([
    '/\t/evil.example',
    '/\n/evil.example',
    '/\\evil.example',
    '/%09/evil.example',
    '/.//evil.example',
    'javascript:alert(1)',
    `/${'a'.repeat(600)}`,
  ])('refuses %j as the server does (issue 24 §7)', (value) => {
    expect(safeRedirect(value)).toBe('/home');
    expect(sitePath(value)).toBeNull();
  });
});

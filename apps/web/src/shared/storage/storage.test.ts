import { describe, expect, it } from 'vitest';
import { defaultSettings, getSetting, readSettings, setSetting, SETTINGS_KEY } from './settings';
import { getChannelCode, rememberChannelCode } from './channel-code';
import { getToken, isLoggedIn, removeToken, setToken } from './token';

describe('settings (spec §3 local preferences)', () => {
  it('defaults to fast mode off, voice on, music on, agreePing on', () => {
    expect(readSettings()).toEqual({ fastMode: false, voice: true, music: true, agreePing: true, skipOpenConfirm: false });
    expect(defaultSettings.fastMode).toBe(false);
  });

  it('reads and writes one key of the JSON object without touching the others', () => {
    setSetting('voice', false);
    setSetting('fastMode', true);
    expect(getSetting('voice')).toBe(false);
    expect(getSetting('fastMode')).toBe(true);
    expect(getSetting('music')).toBe(true);
    expect(JSON.parse(localStorage.getItem(SETTINGS_KEY) ?? '{}')).toEqual({ voice: false, fastMode: true });
  });

  it('keeps unknown keys and ignores corrupt or mistyped values', () => {
    localStorage.setItem(SETTINGS_KEY, JSON.stringify({ other: 1, music: 'no' }));
    expect(getSetting('music')).toBe(true);
    setSetting('music', false);
    expect(JSON.parse(localStorage.getItem(SETTINGS_KEY) ?? '{}')).toEqual({ other: 1, music: false });
    localStorage.setItem(SETTINGS_KEY, '{not json');
    expect(readSettings()).toEqual(defaultSettings);
  });
});

describe('token and channelCode storage', () => {
  it('treats a stored token as logged in (spec §4)', () => {
    expect(isLoggedIn()).toBe(false);
    setToken('abc');
    expect(getToken()).toBe('abc');
    expect(isLoggedIn()).toBe(true);
    removeToken();
    expect(isLoggedIn()).toBe(false);
  });

  it('remembers a channel code and never erases it with an empty one', () => {
    rememberChannelCode(' CH001 ');
    rememberChannelCode('');
    rememberChannelCode(null);
    expect(getChannelCode()).toBe('CH001');
    expect(localStorage.getItem('channelCode')).toBe('CH001');
  });
});

describe('settings store', () => {
  it('starts from the stored object and writes through by key', async () => {
    const { useSettingsStore } = await import('../stores/settings-store');
    useSettingsStore.getState().reload();
    expect(useSettingsStore.getState().music).toBe(true);
    useSettingsStore.getState().set('music', false);
    expect(useSettingsStore.getState().music).toBe(false);
    expect(getSetting('music')).toBe(false);
  });
});

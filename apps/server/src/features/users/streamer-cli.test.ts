import { describe, expect, it } from 'vitest';
import { parseStreamerArgs } from './streamer-cli.js';

describe('streamer command line', () => {
  it('reads the user and the switch', () => {
    expect(parseStreamerArgs(['--user', '100001'])).toEqual({ userId: 100001, on: true });
    expect(parseStreamerArgs(['--user', '100001', '--off'])).toEqual({ userId: 100001, on: false });
    expect(() => parseStreamerArgs(['--user', 'x'])).toThrow(/whole number/);
    expect(() => parseStreamerArgs([])).toThrow(/usage/);
  });
});

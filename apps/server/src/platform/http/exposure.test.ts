import { describe, expect, it } from 'vitest';
import { addressKey, isLoopbackHost, trustFunction } from './exposure.js';

describe('address keys', () => {
  it('keys IPv4 by the address and IPv4-mapped IPv6 by the IPv4 address', () => {
    expect(addressKey('203.0.113.7')).toBe('203.0.113.7');
    expect(addressKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
  });

  it('keys IPv6 by the /64, however it is written', () => {
    const key = addressKey('2001:db8:0:1::5');
    expect(key).toBe('2001:db8:0:1::/64');
    expect(addressKey('2001:0db8:0000:0001:ffff:ffff:ffff:ffff')).toBe(key);
    expect(addressKey('2001:db8:0:2::5')).not.toBe(key);
    expect(addressKey('::1')).toBe('0:0:0:0::/64');
  });
});

describe('loopback', () => {
  it('knows loopback hosts from reachable ones', () => {
    expect(isLoopbackHost('127.0.0.1')).toBe(true);
    expect(isLoopbackHost('[::1]')).toBe(true);
    expect(isLoopbackHost('localhost')).toBe(true);
    expect(isLoopbackHost('0.0.0.0')).toBe(false);
    expect(isLoopbackHost('::')).toBe(false);
    expect(isLoopbackHost('10.1.2.3')).toBe(false);
    expect(isLoopbackHost('localhost.evil.example')).toBe(false);
  });
});

describe('trust function', () => {
  it('trusts only listed proxies', () => {
    const trust = trustFunction(['10.0.0.0/8']);
    expect(trust('10.2.3.4', 0)).toBe(true);
    expect(trust('11.2.3.4', 0)).toBe(false);
    expect(trustFunction([])('127.0.0.1', 0)).toBe(false);
  });
});

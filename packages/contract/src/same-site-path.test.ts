import { describe, expect, it } from 'vitest';
import { sameSitePath } from './same-site-path.js';

const ORIGIN = 'https://www.skinfair.example';
const check = (value: string | null | undefined) => sameSitePath(value, ORIGIN);

describe('same-site callback paths (issue 24 §7)', () => {
  it('keeps paths on this site, with their query and hash', () => {
    expect(check('/')).toBe('/');
    expect(check('/box/3')).toBe('/box/3');
    expect(check('/battle/12?tab=rounds&seat=2#round-3')).toBe('/battle/12?tab=rounds&seat=2#round-3');
    expect(check('/personal?steamBound=1')).toBe('/personal?steamBound=1');
    expect(check('/search?q=%E7%AE%B1%E5%AD%90')).toBe('/search?q=%E7%AE%B1%E5%AD%90');
    expect(check('/search?q=箱子')).toBe('/search?q=%E7%AE%B1%E5%AD%90');
  });

  it.each([
    ['a tab that parsers drop', '/\t/evil.com'],
    ['a newline that parsers drop', '/\n/evil.com'],
    ['a carriage return', '/\r/evil.com'],
    ['a NUL', '/box\u0000'],
    ['DEL', '/box\u007f'],
    ['a C1 control', '/box\u0085'],
    ['a protocol-relative address', '//evil.com'],
    ['a backslash read as a slash', '/\\evil.com'],
    ['a backslash later on', '/box\\..\\..\\evil'],
    ['an absolute address', 'https://evil.com'],
    ['an absolute address to this site', `${ORIGIN}/box`],
    ['a percent-encoded tab', '/%09/evil.com'],
    ['a percent-encoded newline', '/%0a/evil.com'],
    ['a percent-encoded backslash', '/%5Cevil.com'],
    ['a percent-encoded slash after the first', '/%2F/evil.com'],
    ['a dot segment that normalises to two slashes', '/.//evil.com'],
    ['a parent segment that normalises to two slashes', '/..//evil.com'],
    ['a javascript: address', 'javascript:alert(1)'],
    ['a data: address', 'data:text/html,<script>alert(1)</script>'],
    ['a relative path', 'box/3'],
    ['broken percent-encoding', '/box%E0%A4%A'],
    ['a very long path', `/${'a'.repeat(600)}`],
    ['nothing', ''],
  ])('refuses %s', (_label, value) => {
    expect(check(value)).toBeNull();
  });

  it('refuses a missing value', () => {
    expect(check(undefined)).toBeNull();
    expect(check(null)).toBeNull();
  });

  it('judges against the given origin, whatever its path', () => {
    expect(sameSitePath('/box', 'http://localhost:8080/')).toBe('/box');
    expect(sameSitePath('/box', 'not a url')).toBeNull();
  });
});

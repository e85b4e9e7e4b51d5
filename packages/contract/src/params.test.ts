import { describe, expect, it } from 'vitest';
import { pagingParams, boolParam, intParam, intIdParam, idParam, smallFilterParam, tokenParam } from './params.js';
import { lastDropParams } from './stats.js';
import { errorCatalogue, errorMessage, langFromHeader } from './errors.js';

describe('parameter parsing', () => {
  it('reads paging from strings and clamps the page size to 100', () => {
    expect(pagingParams.parse({})).toEqual({ page: 1, pageSize: 15 });
    expect(pagingParams.parse({ page: '3', pageSize: '500' })).toEqual({ page: 3, pageSize: 100 });
    expect(pagingParams.parse({ pageSize: '0' })).toEqual({ page: 1, pageSize: 1 });
    expect(pagingParams.safeParse({ page: '0' }).success).toBe(false);
    expect(pagingParams.safeParse({ page: 'x' }).success).toBe(false);
  });
  it('reads booleans and integers from form strings', () => {
    expect(boolParam.parse('true')).toBe(true);
    expect(boolParam.parse('0')).toBe(false);
    expect(boolParam.safeParse('yes').success).toBe(false);
    expect(intParam(1, 5).safeParse('6').success).toBe(false);
    expect(intParam(1, 5).safeParse('2.5').success).toBe(false);
  });
  it('bounds numbers by the column they meet: smallint, integer, bigint within a safe integer', () => {
    expect(smallFilterParam.parse('32767')).toBe(32_767);
    expect(smallFilterParam.safeParse('32768').success).toBe(false);
    expect(smallFilterParam.safeParse('-2').success).toBe(false);
    expect(intIdParam.parse('2147483647')).toBe(2_147_483_647);
    expect(intIdParam.safeParse('2147483648').success).toBe(false);
    expect(idParam.parse('9007199254740991')).toBe(Number.MAX_SAFE_INTEGER);
    expect(idParam.safeParse('9007199254740992').success).toBe(false);
    expect(idParam.safeParse('12345678901234567890').success).toBe(false);
  });
  it('takes minted ids of letters, digits, _ and - only', () => {
    expect(tokenParam(8, 64).parse('D20250610a1b2c3d4e5f60718')).toBe('D20250610a1b2c3d4e5f60718');
    expect(tokenParam(8, 64).safeParse('abcdefgh\u0000').success).toBe(false);
    expect(tokenParam(8, 64).safeParse('abc def gh').success).toBe(false);
  });
  it('defaults lastDrop to 20 entries of every grade', () => {
    expect(lastDropParams.parse({})).toEqual({ limit: 20, isTop: false });
    expect(lastDropParams.safeParse({ limit: '21' }).success).toBe(false);
  });
});

describe('error catalogue', () => {
  it('has a Chinese and an English message for every code, and unique non-zero statuses', () => {
    const statuses = new Set<number>();
    for (const [code, entry] of Object.entries(errorCatalogue)) {
      expect(entry.zh, code).toMatch(/[\u4e00-\u9fa5]/);
      expect(entry.en.length, code).toBeGreaterThan(0);
      if (entry.status !== 0) {
        expect(statuses.has(entry.status), `${code} reuses ${entry.status}`).toBe(false);
        statuses.add(entry.status);
      }
    }
  });
  it('picks English only for en-* headers', () => {
    expect(langFromHeader('en-US')).toBe('en');
    expect(langFromHeader('zh-CN')).toBe('zh');
    expect(langFromHeader(undefined)).toBe('zh');
    expect(errorMessage('TRADE_URL_INVALID')).toBe('请输入正确的交易链接');
  });
});

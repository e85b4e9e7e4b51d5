import { describe, expect, it } from 'vitest';
import { pagingParams, boolParam, intParam } from './params.js';
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

import { describe, expect, it } from 'vitest';
import { ageOn, idCardCheckChar, maskRealName, parseIdCard } from './id-card.js';

/** Builds a valid number for a birth date (region 110101 Beijing Dongcheng, sequence 123). */
export const makeIdCard = (yyyymmdd: string, seq = '123') => {
  const first17 = `110101${yyyymmdd}${seq}`;
  return first17 + idCardCheckChar(first17);
};

describe('ID card numbers', () => {
  it('accepts a number whose check character matches (including X)', () => {
    // The GB 11643 example number.
    expect(parseIdCard('11010519491231002X')).toEqual({ birthDate: '1949-12-31' });
    expect(parseIdCard(makeIdCard('19900101'))).toEqual({ birthDate: '1990-01-01' });
  });

  it('refuses a wrong check character, a bad date, an unknown region and a future birth date', () => {
    const good = makeIdCard('19900101');
    const wrongCheck = good.slice(0, 17) + (good[17] === '0' ? '1' : '0');
    expect(parseIdCard(wrongCheck)).toBeNull();
    expect(parseIdCard(makeIdCard('19900231'))).toBeNull();
    expect(parseIdCard(`99${makeIdCard('19900101').slice(2)}`)).toBeNull();
    expect(parseIdCard(makeIdCard('29990101'))).toBeNull();
    expect(parseIdCard('12345')).toBeNull();
  });

  it('computes the age to the day', () => {
    const today = new Date(Date.UTC(2026, 10, 23));
    expect(ageOn('2008-11-23', today)).toBe(18);
    expect(ageOn('2008-11-24', today)).toBe(17);
    expect(ageOn('1990-01-01', today)).toBe(36);
  });

  it('masks real names', () => {
    expect(maskRealName('张三')).toBe('张*');
    expect(maskRealName('欧阳娜娜')).toBe('欧***');
  });
});

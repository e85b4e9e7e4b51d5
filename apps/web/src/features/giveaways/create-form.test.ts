import { describe, expect, it } from 'vitest';
import { createBody, emptyCreateForm, toLocalInput, validateCreate, yuanToFen, type CreateForm } from './create-form';

const NOW = Date.parse('2030-01-01T00:00:00Z');
const valid: CreateForm = {
  ...emptyCreateForm,
  itemIds: [3, 4],
  title: '粉丝福利',
  openTime: toLocalInput(NOW + 3_600_000),
};

describe('create giveaway form', () => {
  it('reads yuan into fen exactly, and refuses more than two decimals or text', () => {
    expect(yuanToFen('')).toBe(0);
    expect(yuanToFen('12.5')).toBe(1250);
    expect(yuanToFen('0.07')).toBe(7);
    expect(yuanToFen('19.99')).toBe(1999);
    expect(yuanToFen('1.234')).toBeNull();
    expect(yuanToFen('-1')).toBeNull();
    expect(yuanToFen('abc')).toBeNull();
  });

  it('holds the end time between 10 minutes and 7 days ahead', () => {
    expect(validateCreate(valid, NOW)).toEqual({});
    expect(validateCreate({ ...valid, openTime: toLocalInput(NOW + 5 * 60_000) }, NOW).openTime).toBe('openTimeTooSoon');
    expect(validateCreate({ ...valid, openTime: toLocalInput(NOW + 8 * 86_400_000) }, NOW).openTime).toBe('openTimeTooLate');
    expect(validateCreate({ ...valid, openTime: '' }, NOW).openTime).toBe('openTimeMissing');
  });

  it('refuses no items, more than 50, a short title, a short password, a bad window and a VIP grade above 10', () => {
    const errors = validateCreate(
      {
        ...valid,
        itemIds: [],
        title: ' a ',
        pwd: 'abc',
        minDepositYuan: '1.001',
        depositStart: '2030-01-02T00:00',
        depositEnd: '2030-01-01T00:00',
        minVipGrade: '11',
      },
      NOW,
    );
    expect(errors).toEqual({
      items: 'itemsNone',
      title: 'title',
      pwd: 'pwd',
      minDeposit: 'minDeposit',
      depositWindow: 'depositWindow',
      minVipGrade: 'minVipGrade',
    });
    const many = Array.from({ length: 51 }, (_, k) => k + 1);
    expect(validateCreate({ ...valid, itemIds: many }, NOW).items).toBe('itemsTooMany');
  });

  it('builds the body the contract reads: vouchers "1,2", ISO times, fen, no empty password', () => {
    const body = createBody({
      ...valid,
      remark: '  ',
      minDepositYuan: '50',
      depositStart: '2029-12-01T00:00',
      minVipGrade: '2',
      requirePromotion: true,
    });
    expect(body).toEqual({
      title: '粉丝福利',
      remark: '',
      vouchers: '3,4',
      openTime: new Date(valid.openTime).toISOString(),
      minDeposit: 5000,
      depositStart: new Date('2029-12-01T00:00').toISOString(),
      minVipGrade: 2,
      requirePromotion: true,
    });
  });
});

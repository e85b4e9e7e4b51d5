import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatMoney } from '../../shared/format/money';
import { bpPercent, checkTransfer, copyText, signedChange, toneClass, vipProgress } from './personal-math';

afterEach(() => vi.unstubAllGlobals());

describe('flow records formatting', () => {
  const money = (fen: number) => formatMoney(fen);
  it('signs money in green and money out red', () => {
    expect(signedChange(10_000, money)).toEqual({ text: '+¥100', tone: 'in' });
    expect(signedChange(-1_250, money)).toEqual({ text: '-¥12.50', tone: 'out' });
    expect(signedChange(0, money)).toEqual({ text: '¥0', tone: 'zero' });
    expect(toneClass.in).toContain('emerald');
    expect(toneClass.out).toContain('red');
  });
});

describe('VIP progress', () => {
  it('is experience over the next threshold, clamped, with what is missing', () => {
    expect(vipProgress(10_000, 50_000)).toEqual({ percent: 20, remaining: 40_000 });
    expect(vipProgress(0, 10_000)).toEqual({ percent: 0, remaining: 10_000 });
    expect(vipProgress(12_345, 50_000)).toEqual({ percent: 24.6, remaining: 37_655 });
    expect(vipProgress(60_000, 50_000)).toEqual({ percent: 100, remaining: 0 });
    expect(vipProgress(99_999_999, null)).toEqual({ percent: 100, remaining: 0 });
  });
  it('shows basis points as percentages', () => {
    expect([50, 100, 250, 0].map(bpPercent)).toEqual(['0.5', '1', '2.5', '0']);
  });
});

describe('transfer form', () => {
  it('needs at least ¥1, no more than the secondary balance, and a readable amount', () => {
    expect(checkTransfer('0.99', 10_000)).toEqual({ error: 'min' });
    expect(checkTransfer('1', 10_000)).toEqual({ fen: 100 });
    expect(checkTransfer('100', 10_000)).toEqual({ fen: 10_000 });
    expect(checkTransfer('100.01', 10_000)).toEqual({ error: 'over' });
    expect(checkTransfer('1.001', 10_000)).toEqual({ error: 'invalid' });
    expect(checkTransfer('', 10_000)).toEqual({ error: 'invalid' });
  });
});

describe('copy to clipboard', () => {
  it('uses navigator.clipboard', async () => {
    const writeText = vi.fn(() => Promise.resolve());
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    await expect(copyText('ABC12345')).resolves.toBe(true);
    expect(writeText).toHaveBeenCalledWith('ABC12345');
  });
  it('falls back to a hidden textarea when the clipboard refuses', async () => {
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText: () => Promise.reject(new Error('denied')) } });
    const exec = vi.fn(() => true);
    document.execCommand = exec;
    await expect(copyText('link')).resolves.toBe(true);
    expect(exec).toHaveBeenCalledWith('copy');
    expect(document.querySelector('textarea')).toBeNull();
  });
});

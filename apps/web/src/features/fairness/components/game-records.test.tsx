import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { GameRecord } from '@skinfair/contract';
import { removeToken, setToken } from '../../../shared/storage/token';
import { renderWithProviders, stubApi } from '../../../test/render';
import { GameRecords } from './game-records';

beforeEach(() => setToken('player-token'));
afterEach(() => {
  vi.unstubAllGlobals();
  removeToken();
});

const game = (verifyId: number, overrides: Partial<GameRecord> = {}): GameRecord => ({
  verifyId,
  shareId: `share${verifyId}`.padEnd(22, 'x'),
  game: 'case',
  caseId: 9,
  boxName: '新手箱',
  itemName: 'P250 | 沙丘',
  pricePaid: 1000,
  publicHash: 'a'.repeat(64),
  clientSeed: 'lucky',
  nonce: verifyId,
  rollCode: 57824,
  serverSeed: null,
  balanceBefore: { coin: 1500, point: 20000 },
  balanceAfter: { coin: 0, point: 19500 },
  createTime: '2025-01-01T00:00:00.000Z',
  ...overrides,
});

describe('game records (security.md: the last games with balances before and after)', () => {
  it('shows each game with its seeds, nonce, outcome and the coins and points before and after', async () => {
    stubApi({
      '/api/key/gameRecords': () => ({
        pageData: [game(2), game(1, { balanceBefore: null, balanceAfter: null, serverSeed: 'b'.repeat(64) })],
        totalRows: 2,
        totalPages: 1,
        page: 1,
        pageSize: 10,
      }),
    });
    renderWithProviders(<GameRecords />);
    const [latest, older] = await screen.findAllByTestId('game-record');
    expect(within(latest!).getByTestId('balance-before').textContent).toBe('金币 ¥15 · 积分 200');
    expect(within(latest!).getByTestId('balance-after').textContent).toBe('金币 ¥0 · 积分 195');
    expect(latest!.textContent).toContain('Roll 点 57824 · P250 | 沙丘 · 花费 ¥10');
    expect(latest!.textContent).toContain('lucky');
    expect(within(latest!).getByRole('link', { name: '验证' }).getAttribute('href')).toBe('/provably-fair/verify/2');
    expect(older!.textContent).toContain('未记录（早期记录）');
    expect(older!.textContent).toContain('b'.repeat(64));
  });
});

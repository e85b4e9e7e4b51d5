import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import type { RollRecord } from '@skinfair/contract';
import { setToken, removeToken } from '../../../shared/storage/token';
import { renderWithProviders, stubApi } from '../../../test/render';
import FairVerifyPage from './fair-verify-page';

// The owner's view: a roll is opened by its number only when logged in (decision 0017).
beforeEach(() => setToken('owner-token'));
afterEach(() => {
  vi.unstubAllGlobals();
  removeToken();
});

// shared/design/provably-fair.md TV1–TV3.
const SERVER_SEED = 'c794c6117b935b80569767706298deaac5aadd8ffd185689b5cc6cd8e6ab84c7';
const SALT = 'bb71d866166bd48b341e35d29e76afaa';
const PUBLIC_HASH = 'ab677ac69faa43d40a8a01de992df6c56946a2d97b8fd7e3df8eb949d7b13e24';
const ranges = [
  { itemId: 5001, low: 1, high: 79920 },
  { itemId: 5002, low: 79921, high: 95900 },
  { itemId: 5003, low: 95901, high: 99100 },
  { itemId: 5004, low: 99101, high: 99740 },
  { itemId: 5005, low: 99741, high: 100000 },
];

const SHARE_ID = 'q3Vt0mX_b9-LrK2aPz7wYg';
const record = (overrides: Partial<RollRecord>): RollRecord => ({
  verifyId: 7,
  shareId: SHARE_ID,
  game: 'case',
  publicHash: PUBLIC_HASH,
  clientSeed: 'lucky-Panda_2025',
  nonce: 0,
  rollCode: 57824,
  rangeLow: 1,
  rangeHigh: 79920,
  caseId: 1001,
  caseVersion: 3,
  oddsHash: '43815d794bb411cc64f67ed9eb205bcee99a30e22192ed79fcca77d5af8d2e27',
  ranges,
  itemId: 5001,
  itemName: 'P250 | 沙丘',
  dreamFee: null,
  targetPrice: null,
  returnRateBp: null,
  serverSeed: SERVER_SEED,
  secretSalt: SALT,
  createTime: '2025-01-01T00:00:00.000Z',
  ...overrides,
});

const renderAt = (path: string) =>
  renderWithProviders(
    <Routes>
      <Route path="/provably-fair/verify" element={<FairVerifyPage />} />
      <Route path="/provably-fair/verify/:id" element={<FairVerifyPage />} />
    </Routes>,
    path,
  );

describe('verify page (PF v1, recomputed in the browser)', () => {
  it('recomputes TV2 nonce 0 from a revealed roll record and shows every step', async () => {
    const fetchFn = stubApi({ '/api/key/verifyById': () => record({}) });
    renderAt('/provably-fair/verify/7');
    expect((await screen.findByTestId('computed-roll')).textContent).toBe('57824');
    expect(
      new URL(String(fetchFn.mock.calls.find(([u]) => String(u).includes('verifyById'))?.[0]), 'http://x').searchParams.get('verifyId'),
    ).toBe('7');
    expect(screen.getByTestId('computed-hash').textContent).toContain(PUBLIC_HASH);
    expect(screen.getByTestId('commitment-check').dataset.ok).toBe('true');
    expect(screen.getByTestId('hmac-message').textContent).toBe('case:lucky-Panda_2025:0:0');
    expect(screen.getByTestId('hmac-block').textContent).toContain('023d163fd552d85968b4c2e8f45b8f65117cc324119869e3edd00dcb0321e37e');
    const steps = screen.getAllByTestId('u32-step');
    expect(steps).toHaveLength(1);
    expect(steps[0]?.textContent).toContain('37557823');
    expect(steps[0]?.dataset.accepted).toBe('true');
    expect(screen.getByTestId('roll-check').dataset.ok).toBe('true');
    expect(screen.getByTestId('range-hit').textContent).toContain('1–79920');
    expect(screen.getByTestId('item-check').dataset.ok).toBe('true');
    expect(screen.getByTestId('odds-check').dataset.ok).toBe('true');
  });

  it('shows the rejected u32 of TV3 and the accepted one after it', async () => {
    stubApi({ '/api/key/verifyById': () => record({ nonce: 50782, rollCode: 63491 }) });
    renderAt('/provably-fair/verify/7');
    expect((await screen.findByTestId('computed-roll')).textContent).toBe('63491');
    const steps = screen.getAllByTestId('u32-step');
    expect(steps.map((s) => [s.children[2]?.textContent, s.dataset.accepted])).toEqual([
      ['4294948405', 'false'],
      ['1000463490', 'true'],
    ]);
    expect(within(steps[0]!).getByText(/拒绝/)).toBeTruthy();
    expect(screen.getByTestId('hmac-block').textContent).toContain('ffffb6353ba1dc82b17e4a3f361f8e73b3c55dc8dd699fccc63d4992b29dac9a');
  });

  it('flags a record whose roll does not match the recomputation', async () => {
    stubApi({ '/api/key/verifyById': () => record({ nonce: 1, rollCode: 57824 }) });
    renderAt('/provably-fair/verify/7');
    expect((await screen.findByTestId('computed-roll')).textContent).toBe('95850');
    expect(screen.getByTestId('roll-check').dataset.ok).toBe('false');
    expect(screen.getByTestId('summary-check').textContent).toContain('✗');
  });

  it('recomputes a TV5 dream roll and its fee from the price snapshot, P and the return rate', async () => {
    const dream = (over: Partial<RollRecord>) =>
      record({
        game: 'dream',
        nonce: 3,
        rollCode: 64289,
        rangeLow: 1,
        rangeHigh: 25000,
        caseId: null,
        caseVersion: null,
        oddsHash: null,
        ranges: [],
        itemId: null,
        itemName: null,
        dreamFee: 3249,
        targetPrice: 12345,
        returnRateBp: 9500,
        ...over,
      });
    stubApi({ '/api/key/verifyById': () => dream({}) });
    renderAt('/provably-fair/verify/7');
    expect((await screen.findByTestId('computed-roll')).textContent).toBe('64289');
    expect(screen.getByTestId('roll-check').dataset.ok).toBe('true');
    expect(screen.getByTestId('range-hit').textContent).toBe('Roll 点不在中奖区间内：未中');
    expect(screen.getByTestId('dream-fee-formula').textContent).toContain('ceil(12345 × 25000 × 10000 / (100000 × 9500)) = 3249');
    expect(screen.getByTestId('fee-check').dataset.ok).toBe('true');
  });

  it('flags a dream fee that does not follow from the record, even before the seed is revealed', async () => {
    stubApi({
      '/api/key/verifyById': () =>
        record({
          game: 'dream',
          nonce: 3,
          rollCode: 64289,
          rangeHigh: 25000,
          caseId: null,
          caseVersion: null,
          oddsHash: null,
          ranges: [],
          itemId: null,
          itemName: null,
          dreamFee: 3000,
          targetPrice: 12345,
          returnRateBp: 9500,
          serverSeed: null,
          secretSalt: null,
        }),
    });
    renderAt('/provably-fair/verify/7');
    expect((await screen.findByTestId('dream-fee-computed')).textContent).toBe('3249');
    expect(screen.getByTestId('fee-check').dataset.ok).toBe('false');
    expect(screen.getByTestId('dream-fee-step').textContent).toContain('记录的追梦费用：¥30');
    expect(screen.queryByTestId('verify-steps')).toBeNull();
  });

  it('shows no fee step for a case roll', async () => {
    stubApi({ '/api/key/verifyById': () => record({}) });
    renderAt('/provably-fair/verify/7');
    await screen.findByTestId('computed-roll');
    expect(screen.queryByTestId('dream-fee-step')).toBeNull();
  });

  it('explains that an active pair must be rotated first, still showing the record', async () => {
    stubApi({ '/api/key/verifyById': () => record({ serverSeed: null, secretSalt: null }) });
    renderAt('/provably-fair/verify/7');
    const notice = await screen.findByTestId('not-revealed');
    expect(notice.textContent).toContain('更换种子');
    expect(within(notice).getByRole('link', { name: '去更换种子' }).getAttribute('href')).toBe('/provably-fair');
    expect(screen.getByTestId('recorded-roll').textContent).toBe('57824');
    expect(screen.getByTestId('roll-record').textContent).toContain(PUBLIC_HASH);
    expect(screen.queryByTestId('verify-steps')).toBeNull();
  });

  it('verifies from the form, TV2 nonce 2 with the range table', async () => {
    stubApi({});
    renderAt('/provably-fair/verify');
    fireEvent.change(await screen.findByLabelText('服务端种子'), { target: { value: SERVER_SEED } });
    fireEvent.change(screen.getByLabelText('密盐'), { target: { value: SALT } });
    fireEvent.change(screen.getByLabelText('客户端种子'), { target: { value: 'lucky-Panda_2025' } });
    fireEvent.change(screen.getByLabelText('随机序号（已使用次数）'), { target: { value: '2' } });
    fireEvent.change(screen.getByLabelText('公开哈希（服务端种子承诺）'), { target: { value: PUBLIC_HASH } });
    fireEvent.change(screen.getByLabelText(/区间表/), {
      target: { value: ranges.map((r) => `${r.itemId}:${r.low}:${r.high}`).join('\n') },
    });
    fireEvent.click(screen.getByTestId('verify-submit'));
    expect((await screen.findByTestId('computed-roll')).textContent).toBe('98710');
    expect(screen.getByTestId('range-hit').textContent).toContain('95901–99100');
    expect(screen.getByTestId('range-hit').textContent).toContain('#5003');
    expect(screen.getByTestId('commitment-check').dataset.ok).toBe('true');
  });

  it('refuses malformed seeds before hashing (W1)', async () => {
    stubApi({});
    renderAt('/provably-fair/verify');
    fireEvent.change(await screen.findByLabelText('服务端种子'), {
      target: { value: SERVER_SEED.toUpperCase() },
    });
    fireEvent.change(screen.getByLabelText('密盐'), { target: { value: SALT.slice(1) } });
    fireEvent.change(screen.getByLabelText('客户端种子'), { target: { value: 'lucky-Panda_2025' } });
    fireEvent.click(screen.getByTestId('verify-submit'));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('服务端种子需为 64 位小写十六进制字符');
    expect(alert.textContent).toContain('密盐需为 32 位小写十六进制字符');
    expect(screen.queryByTestId('verify-steps')).toBeNull();
  });

  it('offers the owner a share link by the random id, never by the number', async () => {
    stubApi({ '/api/key/verifyById': () => record({}) });
    renderAt('/provably-fair/verify/7');
    const link = (await screen.findByTestId('share-link')) as HTMLInputElement;
    expect(link.value).toBe(`${window.location.origin}/provably-fair/verify/${SHARE_ID}`);
    expect(screen.getByText('验证编号 7')).toBeTruthy();
  });

  it('opens a share link for a guest through verifyByShareId, without number or share link', async () => {
    removeToken();
    const fetchFn = stubApi({ '/api/key/verifyByShareId': () => record({ verifyId: null }) });
    renderAt(`/provably-fair/verify/${SHARE_ID}`);
    expect((await screen.findByTestId('computed-roll')).textContent).toBe('57824');
    const asked = fetchFn.mock.calls.map(([u]) => new URL(String(u), 'http://x'));
    expect(asked.find((u) => u.pathname === '/api/key/verifyByShareId')?.searchParams.get('shareId')).toBe(SHARE_ID);
    expect(asked.some((u) => u.pathname === '/api/key/verifyById')).toBe(false);
    expect(screen.queryByTestId('share-link')).toBeNull();
    expect(screen.getByText('分享的验证记录')).toBeTruthy();
  });

  it('asks a guest to log in for a roll number instead of asking the server', async () => {
    removeToken();
    const fetchFn = stubApi({ '/api/key/verifyById': () => record({}) });
    renderAt('/provably-fair/verify/7');
    expect(await screen.findByTestId('login-required')).toBeTruthy();
    expect(fetchFn.mock.calls.some(([u]) => String(u).includes('verifyById'))).toBe(false);
  });
});

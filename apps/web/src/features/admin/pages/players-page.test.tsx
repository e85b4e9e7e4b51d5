import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type AdminPlayer, type AdminPlayerDetail } from '@skinfair/contract';
import { callsTo, stubApi } from '../../../test/render';
import { meAs, page, renderAdmin } from '../testing';

afterEach(() => {
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

const player: AdminPlayer = {
  id: 100_001,
  nickname: '玩家甲',
  mobile: '139****5678',
  status: 'active',
  isBot: false,
  minor: false,
  verified: true,
  createdAt: '2026-11-20T08:00:00.000Z',
  coinFen: 1_000,
  pointFen: 250,
};
const detail = (p: AdminPlayer): AdminPlayerDetail => ({
  player: { ...p, secondaryFen: 0 },
  sessions: [
    {
      id: 3,
      ip: '203.0.113.9',
      userAgent: 'x',
      createdAt: '2026-11-25T07:00:00.000Z',
      lastSeenAt: '2026-11-25T07:30:00.000Z',
    },
  ],
  ledger: [
    {
      id: 5,
      code: 'deposit',
      label: '充值',
      balanceType: 0,
      changeFen: 1_000,
      balanceAfterFen: 1_000,
      at: '2026-11-25T07:00:00.000Z',
    },
  ],
  items: [
    {
      id: 9,
      name: 'AK-47 | 红线',
      state: 'in_backpack',
      recoveryPriceFen: 12_350,
      createdAt: '2026-11-25T07:10:00.000Z',
    },
  ],
  itemsTotal: 1,
  rolls: [],
  deposits: [{ orderNo: 'D123', amountFen: 1_000, state: 1, channel: '沙盒', at: '2026-11-25T07:00:00.000Z' }],
  protection: {
    limits: [
      {
        kind: 'deposit_day',
        value: 50_000,
        pendingValue: 90_000,
        pendingAt: '2026-11-26T07:00:00.000Z',
        usedNow: 1_000,
        resetsAt: '2026-11-25T16:00:00.000Z',
      },
    ],
    exclusion: {
      kind: 'self_exclusion',
      startedAt: '2026-11-25T07:00:00.000Z',
      until: '2027-05-25T07:00:00.000Z',
    },
  },
  withdrawalHolds: [],
});

const renderAt = (path: string) => renderAdmin(path, { token: 'op_whole' });

describe('the players screen', () => {
  it('searches, filters by status, and opens a player with balances, sessions, ledger, items and deposits', async () => {
    const fetchFn = stubApi({
      '/api/admin/me': () => meAs('support'),
      '/api/admin/players': () => page([player]),
      '/api/admin/players/detail': () => detail(player),
    });
    renderAt('/admin/players');
    await screen.findByText('玩家甲');
    fireEvent.change(screen.getByLabelText('玩家ID、完整手机号或昵称'), { target: { value: '13912345678' } });
    fireEvent.change(screen.getByLabelText('状态'), { target: { value: 'frozen' } });
    await waitFor(() => {
      const last = callsTo(fetchFn, '/api/admin/players').at(-1)!;
      expect([last.get('q'), last.get('status'), last.get('page')]).toEqual(['13912345678', 'frozen', '1']);
    });

    fireEvent.click(await screen.findByRole('button', { name: '查看 100001' }));
    const panel = await screen.findByRole('dialog', { name: '玩家 100001' });
    expect(await within(panel).findByTestId('player-coins')).toHaveProperty('textContent', '10');
    expect(within(panel).getByText('203.0.113.9')).toBeTruthy();
    expect(within(panel).getByText('+10')).toBeTruthy();
    expect(within(panel).getByText('AK-47 | 红线')).toBeTruthy();
    expect(within(panel).getByText('D123')).toBeTruthy();
    // Issue 18: the player's protection, read-only (no control in it lifts or shortens anything).
    const protection = within(panel).getByTestId('player-protection');
    expect(within(protection).getByTestId('player-protection-exclusion').textContent).toContain('自我排除');
    expect(protection.textContent).toContain('运营人员只能查看');
    expect(protection.textContent).toContain('每日充值');
    expect(protection.textContent).toContain('900');
    expect(within(protection).queryAllByRole('button')).toHaveLength(0);
    // support may freeze and end sessions but not move money.
    expect(within(panel).getByRole('button', { name: '冻结账户' })).toBeTruthy();
    expect(within(panel).queryByRole('button', { name: '调整余额' })).toBeNull();
  });

  it('freezes only with a reason', async () => {
    const fetchFn = stubApi({
      '/api/admin/me': () => meAs('support'),
      '/api/admin/players': () => page([player]),
      '/api/admin/players/detail': () => detail(player),
      '/api/admin/players/freeze': () => ({ ...player, status: 'frozen' }),
    });
    renderAt('/admin/players');
    fireEvent.click(await screen.findByRole('button', { name: '查看 100001' }));
    const panel = await screen.findByRole('dialog', { name: '玩家 100001' });
    fireEvent.click(await within(panel).findByRole('button', { name: '冻结账户' }));
    const confirm = await screen.findByRole('dialog', { name: '冻结玩家 100001' });
    const submit = within(confirm).getByRole('button', { name: '冻结账户' }) as HTMLButtonElement;
    fireEvent.change(within(confirm).getByLabelText(/原因/), { target: { value: ' ' } });
    expect(submit.disabled).toBe(true);
    fireEvent.change(within(confirm).getByLabelText(/原因/), { target: { value: '盗号风险' } });
    fireEvent.click(submit);
    await waitFor(() => expect(callsTo(fetchFn, '/api/admin/players/freeze')).toHaveLength(1));
    const sent = callsTo(fetchFn, '/api/admin/players/freeze')[0]!;
    expect([sent.get('id'), sent.get('frozen'), sent.get('reason')]).toEqual(['100001', 'true', '盗号风险']);
  });

  it('adjusts a balance in yuan as signed fen with a reason (finance)', async () => {
    const fetchFn = stubApi({
      '/api/admin/me': () => meAs('finance'),
      '/api/admin/players': () => page([player]),
      '/api/admin/players/detail': () => detail(player),
      '/api/admin/players/adjustBalance': () => ({ coinFen: 0, pointFen: 250, transferId: 77 }),
    });
    renderAt('/admin/players');
    fireEvent.click(await screen.findByRole('button', { name: '查看 100001' }));
    const panel = await screen.findByRole('dialog', { name: '玩家 100001' });
    expect(within(panel).queryByRole('button', { name: '冻结账户' })).toBeNull();
    fireEvent.click(await within(panel).findByRole('button', { name: '调整余额' }));
    const confirm = await screen.findByRole('dialog', { name: '调整玩家 100001 的余额' });
    fireEvent.change(within(confirm).getByLabelText('方向'), { target: { value: '-1' } });
    fireEvent.change(within(confirm).getByLabelText('金额（元）'), { target: { value: '10.5x' } });
    fireEvent.change(within(confirm).getByLabelText(/原因/), { target: { value: '误发扣回' } });
    const submit = within(confirm).getByRole('button', { name: '调整余额' }) as HTMLButtonElement;
    expect(submit.disabled).toBe(true);
    fireEvent.change(within(confirm).getByLabelText('金额（元）'), { target: { value: '10.5' } });
    fireEvent.click(submit);
    await waitFor(() => expect(callsTo(fetchFn, '/api/admin/players/adjustBalance')).toHaveLength(1));
    const sent = callsTo(fetchFn, '/api/admin/players/adjustBalance')[0]!;
    expect([sent.get('id'), sent.get('kind'), sent.get('amountFen'), sent.get('reason')]).toEqual(['100001', 'coin', '-1050', '误发扣回']);
  });
});

describe('withdrawal holds on the player (issue 24 §2)', () => {
  const held = (p: AdminPlayer): AdminPlayerDetail => ({
    ...detail(p),
    withdrawalHolds: [
      {
        id: 9,
        reason: 'trade_url',
        createdAt: '2026-11-25T07:00:00.000Z',
        until: '2026-11-26T07:00:00.000Z',
      },
    ],
  });

  it('shows the holds in force and lets support release one with a reason', async () => {
    const fetchFn = stubApi({
      '/api/admin/me': () => meAs('support'),
      '/api/admin/players': () => page([player]),
      '/api/admin/players/detail': () => held(player),
      '/api/admin/players/releaseWithdrawalHold': () => ({
        id: 9,
        userId: player.id,
        releasedAt: '2026-11-25T08:00:00.000Z',
      }),
    });
    renderAt('/admin/players');
    fireEvent.click(await screen.findByRole('button', { name: '查看 100001' }));
    const panel = await screen.findByRole('dialog', { name: '玩家 100001' });
    const holds = await within(panel).findByTestId('player-withdrawal-holds');
    expect(holds.textContent).toContain('更换交易链接');
    fireEvent.click(within(holds).getByRole('button', { name: '解除暂缓' }));
    const confirm = await screen.findByRole('dialog', { name: '解除玩家 100001 的提取暂缓（更换交易链接）' });
    fireEvent.change(within(confirm).getByLabelText(/原因/), { target: { value: '玩家来电核实' } });
    fireEvent.click(within(confirm).getByRole('button', { name: '解除暂缓' }));
    await waitFor(() => expect(callsTo(fetchFn, '/api/admin/players/releaseWithdrawalHold')).toHaveLength(1));
    const sent = callsTo(fetchFn, '/api/admin/players/releaseWithdrawalHold')[0]!;
    expect([sent.get('id'), sent.get('reason')]).toEqual(['9', '玩家来电核实']);
  });

  it('shows the holds read-only to finance (no player-account write)', async () => {
    stubApi({
      '/api/admin/me': () => meAs('finance'),
      '/api/admin/players': () => page([player]),
      '/api/admin/players/detail': () => held(player),
    });
    renderAt('/admin/players');
    fireEvent.click(await screen.findByRole('button', { name: '查看 100001' }));
    const holds = await within(await screen.findByRole('dialog', { name: '玩家 100001' })).findByTestId('player-withdrawal-holds');
    expect(holds.textContent).toContain('更换交易链接');
    expect(within(holds).queryByRole('button', { name: '解除暂缓' })).toBeNull();
  });
});

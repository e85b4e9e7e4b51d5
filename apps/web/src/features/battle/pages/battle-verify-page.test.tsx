import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { battleRoll, localBeaconRandomness } from '@skinfair/fairness';
import type { BattleResults } from '@skinfair/contract';
import { callsTo, refuse, renderWithProviders, stubApi } from '../../../test/render';
import { sysConfigFixture } from '../../../test/fake-server';
import { givenBattle } from '../test-battles';
import { givenFinishedBattle, testBoxes, testCaseDetail } from '../test-finished-battle';
import BattleVerifyPage from './battle-verify-page';

function serve(battle: BattleResults | (() => unknown), caseDetail = true) {
  return stubApi({
    '/api/common/sysConfig': () => sysConfigFixture,
    '/api/battle/getBattleResults': typeof battle === 'function' ? battle : () => battle,
    '/api/case/caseDetail': (params) => {
      const box = testBoxes.find((b) => b.boxId === Number(params.get('caseId')));
      return caseDetail && box ? testCaseDetail(box) : refuse(4001, '箱子不存在');
    },
  });
}

const renderVerify = (path = '/battle/bt7code01/verify') =>
  renderWithProviders(
    <Routes>
      <Route path="/battle/:id/verify" element={<BattleVerifyPage />} />
      <Route path="/reverse/:id/verify" element={<BattleVerifyPage mode="reverse" />} />
    </Routes>,
    path,
  );

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('battle verify page', () => {
  it('recomputes every roll of a finished battle in the browser and shows ✓, with the local beacon flagged', async () => {
    const battle = givenFinishedBattle();
    const fetchFn = serve(battle);
    renderVerify();
    const summary = await screen.findByTestId('verify-summary');
    expect(summary.dataset.ok).toBe('true');
    expect(summary.textContent).toContain('全部校验通过');
    expect(callsTo(fetchFn, '/api/battle/getBattleResults')[0]!.get('battleCode')).toBe('bt7code01');

    const beacon = screen.getByTestId('verify-beacon');
    expect(within(beacon).getByTestId('verify-local-beacon').textContent).toContain('本地信标，非独立');
    expect(within(beacon).getByTestId('verify-randomness').textContent).toContain(localBeaconRandomness(battle.targetRound!));
    expect(within(beacon).getByTestId('verify-round-check').dataset.ok).toBe('true');
    expect(within(beacon).queryByTestId('verify-signature')).toBeNull();

    const seeds = screen.getByTestId('verify-seeds');
    expect(seeds.textContent).toContain(battle.serverSeed!);
    expect(seeds.textContent).toContain(battle.secretSalt!);
    expect(
      within(seeds)
        .getAllByTestId('verify-client-seed')
        .map((e) => e.textContent),
    ).toEqual(['lucky-Panda_2025', 'bot-2']);
    expect(within(seeds).getByTestId('verify-commitment-check').dataset.ok).toBe('true');
    expect(within(seeds).getByTestId('verify-digest-check').dataset.ok).toBe('true');

    const rows = screen.getAllByTestId('verify-roll');
    expect(rows.map((r) => [r.dataset.round, r.dataset.pos, r.dataset.ok])).toEqual([
      ['1', '1', 'true'],
      ['1', '2', 'true'],
      ['2', '1', 'true'],
      ['2', '2', 'true'],
    ]);
    expect(rows[0]!.textContent).toContain(String(battle.rolls[0]!.rollCode));
    expect(rows[0]!.textContent).toContain(battle.rolls[0]!.giftName);
    expect(screen.getAllByTestId('verify-box-odds').map((b) => b.querySelector('[data-ok]')?.getAttribute('data-ok'))).toEqual([
      'true',
      'true',
    ]);
    expect(screen.getByTestId('verify-winner-check').dataset.ok).toBe('true');
    expect(screen.queryByTestId('verify-roll-steps')).toBeNull();
  });

  it('opens the roll named by ?round=R&pos=P with its steps, and any other roll on demand', async () => {
    const battle = givenFinishedBattle();
    serve(battle);
    renderVerify('/battle/bt7code01/verify?round=2&pos=1');
    const rows = await screen.findAllByTestId('verify-roll');
    const focused = rows.find((r) => r.dataset.highlighted === 'true')!;
    expect([focused.dataset.round, focused.dataset.pos]).toEqual(['2', '1']);
    const steps = screen.getAllByTestId('verify-roll-steps');
    expect(steps).toHaveLength(1);
    const trace = battleRoll(
      battle.serverSeed!,
      {
        battleId: 7,
        round: battle.targetRound!,
        randomness: battle.randomness!,
        seatsDigest: battle.seatsDigest!,
      },
      2,
      1,
    );
    expect(steps[0]!.textContent).toContain(trace.prefix);
    expect(within(steps[0]!).getAllByTestId('verify-hmac-block')[0]!.textContent).toContain(trace.blocks[0]!);
    expect(within(steps[0]!).getAllByTestId('verify-u32-step').length).toBe(trace.steps.length);

    fireEvent.click(within(rows[0]!).getByRole('button', { name: '查看步骤' }));
    expect(screen.getAllByTestId('verify-roll-steps')).toHaveLength(2);
  });

  it('shows ✗ on the tampered roll and in the summary', async () => {
    const honest = givenFinishedBattle();
    const tampered = {
      ...honest,
      rolls: honest.rolls.map((r, i) => (i === 2 ? { ...r, rollCode: r.rollCode === 1 ? 2 : r.rollCode - 1 } : r)),
    };
    serve(tampered);
    renderVerify('/reverse/bt7code01/verify');
    const summary = await screen.findByTestId('verify-summary');
    expect(summary.dataset.ok).toBe('false');
    expect(summary.textContent).toContain('有校验项不一致');
    const rows = screen.getAllByTestId('verify-roll');
    expect(rows.map((r) => r.dataset.ok)).toEqual(['true', 'true', 'false', 'true']);
    expect(within(rows[2]!).getByTestId('verify-roll-check').textContent).toContain('✗');
    expect(screen.getByRole('link', { name: '返回房间' }).getAttribute('href')).toBe('/reverse/bt7code01');
  });

  it('checks only the recorded ranges when the box version ranges are not served', async () => {
    serve(givenFinishedBattle(), false);
    renderVerify();
    expect((await screen.findByTestId('verify-summary')).dataset.ok).toBe('true');
    expect(screen.getAllByTestId('verify-box-odds')[0]!.textContent).toContain('仅校验 Roll 点落在记录的区间内');
  });

  it('says a battle not finished yet cannot be checked, and a voided one has nothing to check', async () => {
    serve({ ...givenBattle({ state: 1, lockedAt: '2025-11-22T16:46:40.000Z' }), rolls: [] });
    const first = renderVerify();
    expect(await screen.findByText(/对战尚未结束/)).toBeTruthy();
    expect(screen.queryByTestId('verify-summary')).toBeNull();
    first.unmount();
    vi.unstubAllGlobals();

    serve({ ...givenBattle({ state: 4 }), rolls: [] });
    renderVerify();
    expect(await screen.findByText(/已取消或作废/)).toBeTruthy();
  });

  it('says so when the battle does not exist', async () => {
    serve(() => refuse(4301, '对战不存在'));
    renderVerify();
    expect(await screen.findByText('对战不存在或加载失败')).toBeTruthy();
  });
});

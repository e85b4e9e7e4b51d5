import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { giveawayEntriesHash, localBeaconRandomness } from '@skinfair/fairness';
import type { GiveawayEntry, GiveawayRoom } from '@skinfair/contract';
import { renderWithProviders, stubApi } from '../../../test/render';
import { sysConfigFixture } from '../../../test/fake-server';
import { givenDrawnRoom, givenRoom } from '../test-giveaways';
import GiveawayVerifyPage from './giveaway-verify-page';

function serve(room: GiveawayRoom, entries: GiveawayEntry[]) {
  return stubApi({
    '/api/common/sysConfig': () => sysConfigFixture,
    '/api/giveaway/detail': () => room,
    '/api/giveaway/partakeList': () => entries,
  });
}

const renderVerify = () =>
  renderWithProviders(
    <Routes>
      <Route path="/giveaways/:id/verify" element={<GiveawayVerifyPage />} />
    </Routes>,
    '/giveaways/7/verify',
  );

afterEach(() => vi.unstubAllGlobals());

describe('giveaway verify page', () => {
  it('recomputes the commitment, entries hash, round, beacon and every Fisher–Yates step: ✓, local beacon flagged', async () => {
    const { room, entries } = givenDrawnRoom();
    serve(room, entries);
    renderVerify();
    const summary = await screen.findByTestId('verify-summary');
    expect(summary.dataset.ok).toBe('true');
    expect(summary.textContent).toContain('全部校验通过');
    expect(screen.getByTestId('verify-commitment-check').dataset.ok).toBe('true');
    expect(screen.getByTestId('verify-entries-check').dataset.ok).toBe('true');
    expect(screen.getByTestId('verify-round-check').dataset.ok).toBe('true');
    const beacon = screen.getByTestId('verify-beacon');
    expect(within(beacon).getByTestId('verify-local-beacon').textContent).toContain('本地信标，非独立');
    expect(within(beacon).getByTestId('verify-randomness').textContent).toBe(localBeaconRandomness(room.targetRound));
    const steps = screen.getAllByTestId('verify-step');
    expect(steps).toHaveLength(3);
    expect(steps.every((s) => s.dataset.ok === 'true')).toBe(true);
    const sorted = [...room.giftVos].sort((a, b) => a.position - b.position);
    expect(screen.getAllByTestId('verify-step-entry').map((e) => e.textContent)).toEqual(sorted.map((p) => `#${p.winnerEntryNo}`));
    expect(screen.getByTestId('verify-prefix').textContent).toBe(`giveaway:7:${room.targetRound}:${room.randomness}:${room.entriesHash}`);
  });

  it('shows ✗ when a published winner was swapped for another entry', async () => {
    const { room, entries } = givenDrawnRoom();
    const [first, second, ...rest] = room.giftVos;
    // The first two prizes' winners are swapped: each is still an entry, but not the one the draw gives.
    const tampered = {
      ...room,
      giftVos: [
        { ...first!, winnerEntryNo: second!.winnerEntryNo, winnerInfo: second!.winnerInfo },
        { ...second!, winnerEntryNo: first!.winnerEntryNo, winnerInfo: first!.winnerInfo },
        ...rest,
      ],
    };
    serve(tampered, entries);
    renderVerify();
    const summary = await screen.findByTestId('verify-summary');
    expect(summary.dataset.ok).toBe('false');
    const steps = screen.getAllByTestId('verify-step');
    expect(steps.map((s) => s.dataset.ok)).toEqual(['false', 'false', 'true']);
  });

  it('shows ✗ on the entries when the entry list does not hash to the published entriesHash', async () => {
    const { room, entries } = givenDrawnRoom();
    const altered = entries.map((e) => (e.entryNo === 2 ? { ...e, userId: 999 } : e));
    serve(room, altered);
    renderVerify();
    const summary = await screen.findByTestId('verify-summary');
    expect(summary.dataset.ok).toBe('false');
    expect(screen.getByTestId('verify-entries-check').dataset.ok).toBe('false');
    expect(screen.getByTestId('verify-entries-computed').textContent).toContain(giveawayEntriesHash(altered));
    expect(screen.getByTestId('verify-commitment-check').dataset.ok).toBe('true');
  });

  it('shows ✗ on the commitment and the beacon when the seed or the randomness were changed', async () => {
    const { room, entries } = givenDrawnRoom();
    serve({ ...room, secretSalt: 'f'.repeat(32), randomness: 'e'.repeat(64) }, entries);
    renderVerify();
    const summary = await screen.findByTestId('verify-summary');
    expect(summary.dataset.ok).toBe('false');
    expect(screen.getByTestId('verify-commitment-check').dataset.ok).toBe('false');
    expect(screen.getByTestId('verify-randomness-check').dataset.ok).toBe('false');
  });

  it('says the room is not drawn yet', async () => {
    serve(givenRoom(), []);
    renderVerify();
    expect(await screen.findByText('尚未开奖，开奖后即可验证')).toBeTruthy();
    expect(screen.queryByTestId('verify-summary')).toBeNull();
  });
});

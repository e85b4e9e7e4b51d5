import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { givenDrop } from '../../../test/factories';
import { renderWithProviders, stubApi } from '../../../test/render';
import { useOverlayStore } from '../../../shared/stores/overlay-store';
import { useUserCardStore } from '../../../shared/stores/user-card-store';
import { DropList } from './drop-list';

afterEach(() => {
  vi.unstubAllGlobals();
  useOverlayStore.getState().closeAll();
});

describe('drop card player', () => {
  it("opens the player's public card from their nickname; a drop without a player has nothing to open", async () => {
    stubApi({});
    renderWithProviders(
      <DropList
        title="最近掉落"
        testId="live-feed-recent"
        accent="bg-accent-cyan"
        drops={[givenDrop(2, 3, { userId: 100_777 }), givenDrop(1, 3, { userId: null })]}
      />,
    );
    const players = await screen.findAllByTestId('drop-player');
    expect(players).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: '查看 玩家2 的资料' }));
    expect(useUserCardStore.getState().userId).toBe(100_777);
    expect(useOverlayStore.getState().open.userInfo).toBe(true);
  });
});

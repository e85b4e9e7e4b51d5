import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { callsTo, renderWithProviders, stubApi } from '../../../test/render';
import { sysConfigFixture } from '../../../test/fake-server';
import { givenBattle } from '../test-battles';
import BattlePreview from './battle-preview';

afterEach(() => vi.unstubAllGlobals());

describe('home battle tab', () => {
  it('shows the four newest open rooms with links to each room, the arena and the create page', async () => {
    const fetchFn = stubApi({
      '/api/common/sysConfig': () => sysConfigFixture,
      '/api/battle/getBattleList': () => [givenBattle(), givenBattle({ id: 8, battleCode: 'bt8code01', mode: 1 })],
    });
    renderWithProviders(<BattlePreview />);
    const cards = await screen.findAllByTestId('battle-card');
    expect(cards).toHaveLength(2);
    expect(within(cards[0]!).getByRole('link', { name: '查看' }).getAttribute('href')).toBe('/battle/bt7code01');
    expect(within(cards[1]!).getByRole('link', { name: '查看' }).getAttribute('href')).toBe('/reverse/bt8code01');
    expect(screen.getByRole('link', { name: '查看全部对战' }).getAttribute('href')).toBe('/battle');
    expect(screen.getByRole('link', { name: '创建对战' }).getAttribute('href')).toBe('/battle/create');
    expect(callsTo(fetchFn, '/api/battle/getBattleList')[0]?.get('size')).toBe('4');
  });

  it('invites to create one when no room is open', async () => {
    stubApi({ '/api/common/sysConfig': () => sysConfigFixture, '/api/battle/getBattleList': () => [] });
    renderWithProviders(<BattlePreview />);
    expect(await screen.findByText('暂无进行中的对战，快来创建一场吧')).toBeTruthy();
    expect(screen.getByRole('link', { name: '创建对战' })).toBeTruthy();
    expect(screen.getByRole('button', { name: '快速开战' })).toBeTruthy();
  });
});

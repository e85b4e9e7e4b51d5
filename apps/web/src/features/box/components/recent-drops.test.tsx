import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { givenDrop } from '../../../test/factories';
import { renderWithProviders, stubApi } from '../../../test/render';
import { RecentDrops } from './recent-drops';

afterEach(() => vi.unstubAllGlobals());

describe("a box's recent drops", () => {
  it('label a demo drop "演示" (decision 0017)', async () => {
    stubApi({});
    renderWithProviders(<RecentDrops drops={[givenDrop(2, 3, { demo: true }), givenDrop(1, 3)]} />);
    const [demo, real] = await screen.findAllByTestId('box-recent-drop');
    expect(within(demo!).getByTestId('drop-demo').textContent).toBe('演示');
    expect(within(real!).queryByTestId('drop-demo')).toBeNull();
  });
});

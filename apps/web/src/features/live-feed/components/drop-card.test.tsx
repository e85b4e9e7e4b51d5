import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { givenDrop } from '../../../test/factories';
import { renderWithProviders, stubApi } from '../../../test/render';
import { DropList } from './drop-list';

afterEach(() => vi.unstubAllGlobals());

describe('drop card', () => {
  it('labels a demo drop "演示" and leaves a real one unlabelled', async () => {
    stubApi({});
    renderWithProviders(
      <DropList
        title="最近掉落"
        testId="live-feed-recent"
        accent="bg-accent-cyan"
        drops={[givenDrop(2, 3, { demo: true }), givenDrop(1, 3)]}
      />,
    );
    const [demo, real] = await screen.findAllByTestId('drop-item');
    expect(within(demo!).getByTestId('drop-demo').textContent).toBe('演示');
    expect(demo!.dataset.demo).toBe('true');
    expect(within(real!).queryByTestId('drop-demo')).toBeNull();
  });
});

import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { Rules } from './rules';

describe('activity rules', () => {
  it('shows rules an operator typed as text: markup stays inert (issue 16 screen 10)', async () => {
    const typed = '每日0点重置。\n<script>window.hacked = 1</script><img src=x onerror="window.hacked = 2"><b>粗体</b>';
    const { container } = renderWithProviders(<Rules text={typed} />);
    const text = await screen.findByText(/每日0点重置/);
    expect(text.textContent).toBe(typed);
    expect(container.querySelectorAll('script, img, b')).toHaveLength(0);
    expect((window as unknown as { hacked?: number }).hacked).toBeUndefined();
  });
});

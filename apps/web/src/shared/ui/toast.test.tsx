import { describe, expect, it } from 'vitest';
import { act, render, screen, waitFor } from '@testing-library/react';
import { toast, ToasterHost } from './toast';

// The renderer is a lazy chunk (issue 11); the module keeps whether it has loaded, so this file starts
// with it not loaded and the first pointer press is tested in toast-prefetch.test.tsx.
describe('toasts before the toaster chunk has loaded (spec §9)', () => {
  it('renders nothing at first, then shows toasts asked for while it loads, in order', async () => {
    render(<ToasterHost />);
    expect(document.querySelector('[data-rht-toaster]')).toBeNull();
    act(() => {
      toast.success('复制成功');
      toast.error('余额不足', { id: 'balance' });
      toast.dismiss('balance');
    });
    expect(await screen.findByText('复制成功')).toBeTruthy();
    expect(document.querySelector('[data-rht-toaster]')).not.toBeNull();
    // The dismissal came after the error toast, so it applied to it: that one leaves (after its exit
    // animation), the success toast stays. Had the calls run out of order, the error toast would stay.
    await waitFor(() => expect(screen.queryByText('余额不足')).toBeNull(), { timeout: 5_000 });
    expect(screen.getByText('复制成功')).toBeTruthy();
    act(() => toast.remove());
  });
});

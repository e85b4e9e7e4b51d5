import { describe, expect, it } from 'vitest';
import { act, fireEvent, render, waitFor } from '@testing-library/react';
import { toast, ToasterHost } from './toast';

describe('the toaster chunk (issue 11)', () => {
  it('is not fetched to dismiss a toast that never was, and is fetched at the first pointer press', async () => {
    render(<ToasterHost />);
    act(() => toast.dismiss());
    await act(async () => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(document.querySelector('[data-rht-toaster]')).toBeNull();
    fireEvent.pointerDown(document.body);
    await waitFor(() => expect(document.querySelector('[data-rht-toaster]')).not.toBeNull());
  });
});

import { describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import toast, { useToasterStore } from 'react-hot-toast';
import { IntlProvider } from 'react-intl';
import { lazyPage } from '../chunk/lazy-chunk';
import { zhCN } from '../i18n/zh-CN';
import { ErrorBoundary } from './error-boundary';
import { ItemImage } from './item-image';
import { AppToaster } from './toaster';

const withIntl = (node: React.ReactNode) => (
  <IntlProvider locale="zh-CN" messages={zhCN}>
    {node}
  </IntlProvider>
);

describe('chunk failure screen (spec §8)', () => {
  it('shows a Chinese message and a reload button when a page chunk is missing', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const Broken = lazyPage<object>('box-list', () =>
      Promise.reject<{ default: React.ComponentType<object> }>(new TypeError('Failed to fetch dynamically imported module')),
    );
    render(
      withIntl(
        <ErrorBoundary>
          <Suspense fallback={null}>
            <Broken />
          </Suspense>
        </ErrorBoundary>,
      ),
    );
    expect((await screen.findByRole('alert')).textContent).toContain('页面加载失败');
    expect(screen.getByRole('button', { name: '刷新页面' })).toBeTruthy();
    expect(String(vi.mocked(console.error).mock.calls[0]?.[1])).toContain('Loading chunk box-list failed. (missing');
  });
});

describe('toasts (spec §9)', () => {
  it('keeps at most 20 toasts visible by dismissing the oldest', async () => {
    let visible = 0;
    function Count() {
      visible = useToasterStore().toasts.filter((t) => t.visible).length;
      return null;
    }
    render(
      <>
        <AppToaster />
        <Count />
      </>,
    );
    act(() => {
      for (let i = 0; i < 25; i += 1) toast(`消息 ${i}`);
    });
    await act(async () => {});
    expect(visible).toBe(20);
    act(() => toast.remove());
  });
});

describe('item image fallback', () => {
  it('shows the item name on a grade-tinted box when the picture fails', () => {
    const { container } = render(<ItemImage src="/img/missing.png" name="AWP | 巨龙传说" grade={0} />);
    fireEvent.error(container.querySelector('img')!);
    const fallback = screen.getByRole('img', { name: 'AWP | 巨龙传说' });
    expect(fallback.tagName).toBe('SPAN');
    expect(fallback.getAttribute('style')).toContain('rgb(255, 238, 81)');
    expect(container.querySelector('img')).toBeNull();
  });

  it('shows the name while the picture loads, then the picture', () => {
    const { container } = render(<ItemImage src="/img/ak.png" name="AK-47 | 红线" grade={2} />);
    expect(screen.getByRole('img', { name: 'AK-47 | 红线' }).tagName).toBe('SPAN');
    fireEvent.load(container.querySelector('img')!);
    const picture = screen.getByRole('img', { name: 'AK-47 | 红线' });
    expect(picture.tagName).toBe('IMG');
    expect(picture.getAttribute('src')).toBe('/img/ak.png');
  });
});

import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { toast } from '../../shared/ui/toast';
import { callsTo, refuse, renderWithProviders, stubApi } from '../../test/render';
import { sysConfigFixture } from '../../test/fake-server';
import { setToken } from '../../shared/storage/token';
import { GoldenCodeForm } from './components/golden-code-panel';
import { normalizeGoldenCode } from './golden-code-check';

afterEach(() => vi.unstubAllGlobals());

describe('Golden Code format (contract goldenCodeInput)', () => {
  it('trims, upper-cases and accepts 6-32 letters or digits', () => {
    expect(normalizeGoldenCode(' skinfair2026 ')).toBe('SKINFAIR2026');
    expect(normalizeGoldenCode('ABC123')).toBe('ABC123');
    expect(normalizeGoldenCode('ABC12')).toBeNull();
    expect(normalizeGoldenCode('A'.repeat(33))).toBeNull();
    expect(normalizeGoldenCode('SKIN-FAIR')).toBeNull();
    expect(normalizeGoldenCode('')).toBeNull();
  });
});

describe('Golden Code form', () => {
  const type = (value: string) => fireEvent.change(screen.getByLabelText('输入 Golden Code'), { target: { value } });

  it('refuses a bad format without calling the server', async () => {
    setToken('tok');
    const fetchFn = stubApi({ '/api/common/sysConfig': () => sysConfigFixture });
    renderWithProviders(<GoldenCodeForm />);
    type('ab-1');
    fireEvent.click(screen.getByTestId('golden-code-submit'));
    expect(await screen.findByText('Golden Code 格式错误，请输入6-32位字母或数字')).toBeTruthy();
    expect(callsTo(fetchFn, '/api/redPacket/receive')).toHaveLength(0);
  });

  it('toasts "Golden Code领取成功" with the reward, and shows refusals under the field', async () => {
    setToken('tok');
    const success = vi.spyOn(toast, 'success');
    let first = true;
    const fetchFn = stubApi({
      '/api/common/sysConfig': () => sysConfigFixture,
      '/api/redPacket/receive': () => {
        if (!first) return refuse(5203, '您已领取过该 Golden Code');
        first = false;
        return { rewardType: 'coin', amount: 888 };
      },
    });
    renderWithProviders(<GoldenCodeForm />);
    type(' skinfair2026');
    fireEvent.click(screen.getByTestId('golden-code-submit'));
    await waitFor(() => expect(success).toHaveBeenCalledWith('Golden Code领取成功 ¥8.88 金币'));
    expect(callsTo(fetchFn, '/api/redPacket/receive')[0]?.get('code')).toBe('SKINFAIR2026');
    type('SKINFAIR2026');
    fireEvent.click(screen.getByTestId('golden-code-submit'));
    expect((await screen.findByRole('alert')).textContent).toBe('您已领取过该 Golden Code');
  });
});

import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { callsTo, renderWithProviders, stubApi } from '../../../test/render';
import { sliderStubs } from '../../../test/fake-server';
import { EmailForm } from './email-form';
import { SecurityCheck } from './security-check';

const slider = { ...sliderStubs, '/api/common/mailCode': () => ({ countdown: 60 }) };

afterEach(() => vi.unstubAllGlobals());

describe('mail codes ask for the slider first (issue 24 §8)', () => {
  it('binding a new address solves the slider, then sends the code with the pass', async () => {
    const fetchFn = stubApi(slider);
    renderWithProviders(<EmailForm bound={false} hasPhone={false} done={() => {}} />);
    fireEvent.change(screen.getByLabelText('新邮箱'), { target: { value: 'me@example.com' } });
    fireEvent.click(screen.getByTestId('send-code'));
    const handle = await screen.findByRole('slider');
    expect(callsTo(fetchFn, '/api/common/mailCode')).toHaveLength(0);
    fireEvent.keyDown(handle, { key: 'ArrowRight' });
    fireEvent.keyDown(handle, { key: 'Enter' });
    await waitFor(() => expect(callsTo(fetchFn, '/api/common/mailCode')).toHaveLength(1));
    const [sent] = callsTo(fetchFn, '/api/common/mailCode');
    expect(Object.fromEntries(sent ?? [])).toEqual({
      email: 'me@example.com',
      type: 'bindMail',
      captchaVerification: 'pass-1',
    });
    expect(screen.queryByTestId('slider-captcha')).toBeNull();
  });

  it('a bad address opens no slider and sends nothing', async () => {
    const fetchFn = stubApi(slider);
    renderWithProviders(<EmailForm bound={false} hasPhone={false} done={() => {}} />);
    fireEvent.change(screen.getByLabelText('新邮箱'), { target: { value: 'not-an-address' } });
    fireEvent.click(screen.getByTestId('send-code'));
    expect(screen.getByRole('alert').textContent).toBe('请输入正确的邮箱地址');
    expect(screen.queryByTestId('slider-captcha')).toBeNull();
    expect(callsTo(fetchFn, '/api/common/mailCode')).toHaveLength(0);
  });

  it('a security check by the bound mail sends a security code without a slider', async () => {
    const fetchFn = stubApi({
      ...slider,
      '/api/personalCenter/getAvailableSecurityWay': () => [{ type: 1, target: 'm***@example.com', preferred: true }],
    });
    renderWithProviders(<SecurityCheck onPassed={() => {}} />);
    fireEvent.change(await screen.findByLabelText('已绑定的邮箱'), { target: { value: 'own@example.com' } });
    fireEvent.click(screen.getByTestId('send-code'));
    await waitFor(() => expect(callsTo(fetchFn, '/api/common/mailCode')).toHaveLength(1));
    const [sent] = callsTo(fetchFn, '/api/common/mailCode');
    expect(Object.fromEntries(sent ?? [])).toEqual({ email: 'own@example.com', type: 'security' });
    expect(screen.queryByTestId('slider-captcha')).toBeNull();
  });
});

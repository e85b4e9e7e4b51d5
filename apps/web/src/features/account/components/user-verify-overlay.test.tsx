import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { callsTo, renderWithProviders, stubApi } from '../../../test/render';
import { browserNavigation } from '../../../shared/routing/steam-login';
import { UserVerifyOverlay } from './user-verify-overlay';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const fillIdentity = () => {
  fireEvent.change(screen.getByLabelText('真实姓名'), { target: { value: '周八' } });
  fireEvent.change(screen.getByLabelText('身份证号码'), { target: { value: '11010519491231002X' } });
};

describe('the verify overlay offers the provider page only when the provider has one (issue 27 §2)', () => {
  it('a registry-only provider (tencent-faceid): no face-check button, a message saying so', async () => {
    const fetchFn = stubApi({ '/api/auth/certifyOptions': () => ({ registry: true, providerPage: false }) });
    renderWithProviders(<UserVerifyOverlay onClose={() => {}} />);
    expect((await screen.findByTestId('verify-no-provider-page')).textContent).toBe(
      '本站实名认证通过姓名、身份证号与短信验证码核验，暂不提供人脸识别认证。',
    );
    expect(screen.queryByRole('button', { name: '或通过第三方认证页面完成认证' })).toBeNull();
    expect(screen.getByRole('button', { name: '提交认证' })).toBeTruthy();
    expect(callsTo(fetchFn, '/api/auth/certify')).toHaveLength(0);
  });

  it('a provider with a page: the button starts the flow and sends the browser to it', async () => {
    const assign = vi.spyOn(browserNavigation, 'assign').mockImplementation(() => {});
    const fetchFn = stubApi({
      '/api/auth/certifyOptions': () => ({ registry: true, providerPage: true }),
      '/api/auth/certify': () => ({ certifyId: 'c'.repeat(32), redirectUrl: `/api/auth/certifyRedirect?certifyId=${'c'.repeat(32)}` }),
    });
    renderWithProviders(<UserVerifyOverlay onClose={() => {}} />);
    fillIdentity();
    fireEvent.click(await screen.findByRole('button', { name: '或通过第三方认证页面完成认证' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith(`/api/auth/certifyRedirect?certifyId=${'c'.repeat(32)}`));
    expect(Object.fromEntries(callsTo(fetchFn, '/api/auth/certify')[0]!)).toEqual({ realName: '周八', idCard: '11010519491231002X' });
    expect(screen.queryByTestId('verify-no-provider-page')).toBeNull();
  });
});

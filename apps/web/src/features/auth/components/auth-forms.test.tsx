import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { callsTo, renderWithProviders, stubApi } from '../../../test/render';
import { sliderStubs, sysConfigFixture } from '../../../test/fake-server';
import { getToken } from '../../../shared/storage/token';
import { useEntryParamsStore } from '../../../shared/stores/entry-params-store';
import { useOverlayStore } from '../../../shared/stores/overlay-store';
import { OverlaysHost } from '../../../app/overlays/overlays-host';

const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

/** Overlays are lazy chunks (issue 11): wait until the panel has rendered. */
async function openPanel(name: 'login' | 'register' | 'smsLogin') {
  act(() => useOverlayStore.getState().openOverlay(name));
  await screen.findByRole('dialog');
}

beforeEach(() => {
  useOverlayStore.getState().closeAll();
  useEntryParamsStore.setState({ callbackUrl: null, promoteCode: null, channelCode: null });
});
afterEach(() => vi.unstubAllGlobals());

describe('register form validation (contract schemas, spec §5/§8)', () => {
  it('shows the catalogue texts for a bad mobile, a weak password and the unticked boxes', async () => {
    const fetchFn = stubApi({ '/api/common/sysConfig': () => sysConfigFixture });
    renderWithProviders(<OverlaysHost />);
    await openPanel('register');
    type('手机号', '12345');
    type('密码', 'abcdefgh');
    fireEvent.click(screen.getByTestId('register-submit'));
    const dialog = screen.getByRole('dialog', { name: '注册' });
    const alerts = within(dialog)
      .getAllByRole('alert')
      .map((el) => el.textContent);
    expect(alerts).toEqual([
      '请输入正确的手机号',
      '请输入6位短信验证码',
      '密码需为8-32位，且同时包含字母和数字',
      '请确认您已年满18周岁',
      '请阅读并同意服务协议和隐私政策',
    ]);
    expect(callsTo(fetchFn, '/api/auth/signUp')).toHaveLength(0);
  });

  it('shows the English catalogue text when the locale is English', async () => {
    stubApi({ '/api/common/sysConfig': () => sysConfigFixture });
    const { useLocaleStore } = await import('../../../shared/i18n/locale-store');
    act(() => useLocaleStore.getState().setLocale('en-US'));
    renderWithProviders(<OverlaysHost />);
    await openPanel('register');
    // en-US is its own chunk, fetched when chosen.
    fireEvent.change(await screen.findByLabelText('Mobile number'), { target: { value: '999' } });
    fireEvent.click(screen.getByTestId('register-submit'));
    expect(screen.getAllByRole('alert')[0]?.textContent).toBe('Enter a correct mobile number');
  });

  it('does not open the slider for a bad mobile; a good one gets the slider, then the code and the countdown', async () => {
    const fetchFn = stubApi({
      '/api/common/sysConfig': () => sysConfigFixture,
      ...sliderStubs,
      '/api/common/smsCode': () => ({ countdown: 60 }),
    });
    renderWithProviders(<OverlaysHost />);
    await openPanel('register');
    type('手机号', '1391234');
    fireEvent.click(screen.getByTestId('send-code'));
    expect(screen.getByRole('alert').textContent).toBe('请输入正确的手机号');
    expect(screen.queryByTestId('slider-captcha')).toBeNull();

    type('手机号', '13912345678');
    fireEvent.click(screen.getByTestId('send-code'));
    const handle = await screen.findByRole('slider');
    fireEvent.keyDown(handle, { key: 'ArrowRight' });
    fireEvent.keyDown(handle, { key: 'Enter' });
    await waitFor(() => expect(screen.getByTestId('send-code').textContent).toBe('60秒后重新获取'));
    expect(screen.getByTestId('send-code')).toHaveProperty('disabled', true);
    expect(screen.queryByTestId('slider-captcha')).toBeNull();
    const [sms] = callsTo(fetchFn, '/api/common/smsCode');
    expect(Object.fromEntries(sms ?? [])).toEqual({ phone: '13912345678', type: 'signUp', captchaVerification: 'pass-1' });
  });

  it('signs up with the captured promote code, stores the token and shows the register tip', async () => {
    useEntryParamsStore.setState({ promoteCode: 'FRIEND88', channelCode: 'bili' });
    const fetchFn = stubApi({
      '/api/common/sysConfig': () => sysConfigFixture,
      '/api/auth/signUp': () => ({ token: 'tok-new', userId: 7, register: true }),
    });
    renderWithProviders(<OverlaysHost />);
    await openPanel('register');
    expect((screen.getByLabelText('邀请码（选填）') as HTMLInputElement).value).toBe('FRIEND88');
    type('手机号', '13912345678');
    type('短信验证码', '123456');
    type('密码', 'abc12345');
    fireEvent.click(screen.getByLabelText('我确认已年满18周岁'));
    fireEvent.click(screen.getByRole('checkbox', { name: /我已阅读并同意/ }));
    fireEvent.submit(screen.getByTestId('register-form'));
    expect(await screen.findByRole('dialog', { name: '注册提示' })).toBeTruthy();
    expect(getToken()).toBe('tok-new');
    expect(screen.queryByRole('dialog', { name: '注册' })).toBeNull();
    const [sent] = callsTo(fetchFn, '/api/auth/signUp');
    expect(Object.fromEntries(sent ?? [])).toMatchObject({
      mobile: '13912345678',
      code: '123456',
      password: 'abc12345',
      adult: 'true',
      agreement: 'true',
      invitationCode: 'FRIEND88',
      promoteCode: 'FRIEND88',
      channelCode: 'bili',
      // PF v1 §1: the new account's client seed is made here, in the browser (issue 24 §13).
      clientSeed: expect.stringMatching(/^[0-9a-f]{32}$/),
    });
  });
});

describe('login-type panels (spec §2)', () => {
  it('shows one login-type panel at a time when switching from the panel links', async () => {
    stubApi({ '/api/common/sysConfig': () => sysConfigFixture });
    renderWithProviders(<OverlaysHost />);
    await openPanel('login');
    fireEvent.click(screen.getByTestId('switch-smsLogin'));
    expect(screen.getAllByRole('dialog').map((d) => d.getAttribute('data-testid'))).toEqual(['overlay-smsLogin']);
    fireEvent.click(screen.getByTestId('switch-findPassword'));
    fireEvent.click(screen.getByTestId('switch-steamLogin'));
    fireEvent.click(screen.getByTestId('switch-register'));
    expect(screen.getAllByRole('dialog').map((d) => d.getAttribute('data-testid'))).toEqual(['overlay-register']);
  });

  it('logs in by password, closes the panel and follows a captured callbackUrl', async () => {
    useEntryParamsStore.setState({ callbackUrl: '/battle/3' });
    const fetchFn = stubApi({
      '/api/common/sysConfig': () => sysConfigFixture,
      '/api/auth/login': () => ({ token: 'tok-1', userId: 1, register: false }),
    });
    const { router } = renderWithProviders(<OverlaysHost />, '/home');
    await openPanel('login');
    type('手机号', '13912345678');
    type('密码', 'abc12345');
    fireEvent.submit(screen.getByTestId('login-form'));
    await waitFor(() => expect(getToken()).toBe('tok-1'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/battle/3'));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(useEntryParamsStore.getState().callbackUrl).toBeNull();
    // Every login carries a fresh browser client seed, kept only by an account that has none (issue 24 §13).
    const [sent] = callsTo(fetchFn, '/api/auth/login');
    expect(Object.fromEntries(sent ?? [])).toMatchObject({ mobile: '13912345678', clientSeed: expect.stringMatching(/^[0-9a-f]{32}$/) });
  });

  it.each(['https://evil.example/', '/\t/evil.example', '/.//evil.example'])('ignores an off-site callbackUrl %j', async (callbackUrl) => {
    useEntryParamsStore.setState({ callbackUrl });
    stubApi({
      '/api/common/sysConfig': () => sysConfigFixture,
      '/api/auth/login': () => ({ token: 'tok-2', userId: 1, register: false }),
    });
    const { router } = renderWithProviders(<OverlaysHost />, '/shop');
    await openPanel('login');
    type('手机号', '13912345678');
    type('密码', 'x');
    fireEvent.submit(screen.getByTestId('login-form'));
    await waitFor(() => expect(getToken()).toBe('tok-2'));
    expect(router.state.location.pathname).toBe('/shop');
    expect(useEntryParamsStore.getState().callbackUrl).toBeNull();
  });
});

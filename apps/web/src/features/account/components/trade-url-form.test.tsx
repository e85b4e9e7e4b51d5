import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { callsTo, refuse, renderWithProviders, stubApi } from '../../../test/render';
import { TradeUrlForm } from './trade-url-form';

afterEach(() => vi.unstubAllGlobals());

const link = (partner: number, token = 'AbCdEf12') => `https://steamcommunity.com/tradeoffer/new/?partner=${partner}&token=${token}`;
const phoneWay = {
  '/api/personalCenter/getAvailableSecurityWay': () => [{ type: 0, target: '139****0007', preferred: true }],
};

async function save(tradeUrl: string) {
  fireEvent.change(await screen.findByLabelText('交易链接'), { target: { value: tradeUrl } });
  fireEvent.click(screen.getByTestId('trade-url-save'));
}

describe('the trade link form (issue 24 §1, §3)', () => {
  it('sets the first link without a security check', async () => {
    const fetchFn = stubApi({ ...phoneWay, '/api/personalCenter/modifyTradeUrl': () => true });
    renderWithProviders(<TradeUrlForm current={null} hasPhone hasMail={false} steamId={null} done={() => {}} />);
    expect(screen.queryByTestId('security-check')).toBeNull();
    await save(link(123));
    await waitFor(() => expect(callsTo(fetchFn, '/api/personalCenter/modifyTradeUrl')).toHaveLength(1));
    expect(Object.fromEntries(callsTo(fetchFn, '/api/personalCenter/modifyTradeUrl')[0]!)).toEqual({
      tradeUrl: link(123),
    });
  });

  it('replacing a link asks for the phone security check first, then sends its token with the new link', async () => {
    const done = vi.fn();
    const fetchFn = stubApi({
      ...phoneWay,
      '/api/personalCenter/securityCheck': () => ({ securityToken: 'ticket-1', expiresIn: 600 }),
      '/api/personalCenter/modifyTradeUrl': () => true,
    });
    renderWithProviders(<TradeUrlForm current={link(123)} hasPhone hasMail steamId={null} done={done} />);
    expect(screen.getByTestId('trade-url-check').textContent).toContain('更换交易链接前，请先完成安全验证');
    expect(screen.queryByTestId('trade-url-form')).toBeNull();
    fireEvent.change(await screen.findByLabelText('短信验证码'), { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: '下一步' }));
    await waitFor(() => expect(callsTo(fetchFn, '/api/personalCenter/securityCheck')).toHaveLength(1));
    expect(Object.fromEntries(callsTo(fetchFn, '/api/personalCenter/securityCheck')[0]!)).toEqual({
      type: '0',
      code: '123456',
    });
    expect((await screen.findByTestId('trade-url-form')).textContent).toContain('更换交易链接后提取将暂缓一段时间');
    await save(link(456, 'NewTok99'));
    await waitFor(() => expect(done).toHaveBeenCalled());
    expect(Object.fromEntries(callsTo(fetchFn, '/api/personalCenter/modifyTradeUrl')[0]!)).toEqual({
      tradeUrl: link(456, 'NewTok99'),
      securityToken: 'ticket-1',
    });
  });

  it('asks for the check again when the server says the ticket is spent', async () => {
    stubApi({
      ...phoneWay,
      '/api/personalCenter/securityCheck': () => ({ securityToken: 'ticket-old', expiresIn: 600 }),
      '/api/personalCenter/modifyTradeUrl': () => refuse(3130, '请先完成安全验证'),
    });
    renderWithProviders(<TradeUrlForm current={link(123)} hasPhone hasMail={false} steamId={null} done={() => {}} />);
    fireEvent.change(await screen.findByLabelText('短信验证码'), { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: '下一步' }));
    await save(link(456));
    expect(await screen.findByTestId('trade-url-check')).toBeTruthy();
  });

  it('with a Steam account bound, refuses a link of another account before sending anything', async () => {
    const fetchFn = stubApi({ '/api/personalCenter/modifyTradeUrl': () => true });
    const steamId = '76561198000000123';
    const own = Number(BigInt(steamId) - 76561197960265728n);
    renderWithProviders(<TradeUrlForm current={null} hasPhone={false} hasMail={false} steamId={steamId} done={() => {}} />);
    await save(link(own + 1));
    expect((await screen.findByRole('alert')).textContent).toBe('该交易链接不属于您绑定的 Steam 账户，请填写绑定账户的交易链接');
    expect(callsTo(fetchFn, '/api/personalCenter/modifyTradeUrl')).toHaveLength(0);
    await save(link(own));
    await waitFor(() => expect(callsTo(fetchFn, '/api/personalCenter/modifyTradeUrl')).toHaveLength(1));
  });

  it('a Steam-only account (no phone, no mail) replaces its link without a check', async () => {
    stubApi({ '/api/personalCenter/modifyTradeUrl': () => true });
    renderWithProviders(<TradeUrlForm current={link(123)} hasPhone={false} hasMail={false} steamId={null} done={() => {}} />);
    expect(await screen.findByTestId('trade-url-form')).toBeTruthy();
    expect(screen.queryByTestId('security-check')).toBeNull();
  });
});

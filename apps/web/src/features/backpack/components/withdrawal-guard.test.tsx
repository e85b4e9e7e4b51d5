import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Ornament } from '@skinfair/contract';
import { callsTo, renderWithProviders, stubApi } from '../../../test/render';
import { sysConfigFixture, userInfoFixture } from '../../../test/fake-server';
import { setToken } from '../../../shared/storage/token';
import BackpackPanel from './backpack-panel';

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

const item: Ornament = {
  id: 11,
  giftId: 1,
  giftName: 'AK-47 | 红线',
  giftImage: null,
  grade: 3,
  recoveryPrice: 1_234,
  state: 'in_backpack',
  sourceType: 'case',
  createTime: '2026-11-25T05:00:00.000Z',
};
const page = <T,>(rows: T[]) => ({
  page: 1,
  pageSize: 20,
  totalRows: rows.length,
  totalPages: 1,
  pageData: rows,
});
const later = new Date(Date.now() + 20 * 3_600_000).toISOString();
const beijing = (iso: string) => new Date(Date.parse(iso) + 8 * 3_600_000).toISOString().slice(0, 16).replace('T', ' ');

describe('the backpack and the withdrawal guard (issue 24 §2, §4)', () => {
  it('says until when withdrawals wait, and the confirm cannot be sent meanwhile', async () => {
    setToken('tok');
    const fetchFn = stubApi({
      '/api/common/sysConfig': () => sysConfigFixture,
      '/api/personalCenter/userInfo': () =>
        userInfoFixture({
          tradeUrl: 'https://steamcommunity.com/tradeoffer/new/?partner=1&token=AbCdEf12',
          withdrawalHoldUntil: later,
        }),
      '/api/personalCenter/getMyOrnamentPage': () => page([item]),
    });
    renderWithProviders(<BackpackPanel />);
    const notice = await screen.findByTestId('withdrawal-hold');
    expect(notice.textContent).toContain(`提取暂缓至 ${beijing(later)}（北京时间）`);
    expect(within(notice).getByRole('link', { name: '联系客服' })).toBeTruthy();
    fireEvent.click(await screen.findByTestId('bag-select-all'));
    fireEvent.click(screen.getByTestId('bag-retrieve'));
    const dialog = await screen.findByTestId('bag-retrieve-confirm');
    expect(within(dialog).getByTestId('withdrawal-hold')).toBeTruthy();
    expect((within(dialog).getByTestId('confirm-ok') as HTMLButtonElement).disabled).toBe(true);
    expect(callsTo(fetchFn, '/api/personalCenter/ornamentRetrieval')).toHaveLength(0);
  });

  it('shows no notice once the hold has ended', async () => {
    setToken('tok');
    stubApi({
      '/api/common/sysConfig': () => sysConfigFixture,
      '/api/personalCenter/userInfo': () => userInfoFixture({ withdrawalHoldUntil: new Date(Date.now() - 1_000).toISOString() }),
      '/api/personalCenter/getMyOrnamentPage': () => page([item]),
    });
    renderWithProviders(<BackpackPanel />);
    await screen.findByTestId('bag-select-all');
    expect(screen.queryByTestId('withdrawal-hold')).toBeNull();
  });

  it('shows a withdrawal waiting for risk review as 审核中 in the records', async () => {
    setToken('tok');
    stubApi({
      '/api/common/sysConfig': () => sysConfigFixture,
      '/api/personalCenter/userInfo': () => userInfoFixture(),
      '/api/personalCenter/getMyOrnamentPage': () => page([]),
      '/api/personalCenter/getMyRetrievalPage': () =>
        page([
          {
            orderId: 5,
            ornamentId: 11,
            ornamentName: 'AK-47 | 红线',
            giftImage: null,
            recoveryPrice: 1_234,
            state: 0,
            remark: '审核中',
            createTime: '2026-11-25T05:00:00.000Z',
            updateTime: '2026-11-25T05:00:00.000Z',
          },
        ]),
    });
    renderWithProviders(<BackpackPanel />);
    fireEvent.click(await screen.findByRole('tab', { name: '提取记录' }));
    const row = await screen.findByTestId('retrieval-row');
    await waitFor(() => expect(row.textContent).toContain('审核中'));
    expect(row.textContent).toContain('该提取需人工审核');
    expect(row.textContent).not.toContain('提取中');
  });
});

import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { CaseReturn } from '@skinfair/contract';
import { callsTo, refuse, renderWithProviders, stubApi } from '../../../test/render';
import { ReturnPanel } from './return-panel';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const figures: CaseReturn = {
  caseId: 3,
  priceFen: 1_000,
  version: 2,
  openings: 1_000,
  window: 1_000,
  declaredReturn: 0.95,
  realisedReturn: 0.9312,
  openingSd: 1.2,
  band95: { low: 0.875624, high: 1.024376 },
  alertBand: { low: 0.836159, high: 1.063841 },
  alert: false,
  minOpenings: 30,
  wonFen: 931_200,
  paidFen: 990_000,
};
const panel = () => screen.getByRole('region', { name: '公开回报率' });

describe('the public return panel of a box page', () => {
  it('shows the declared and realised return of the last openings and the 95 % band, explained', async () => {
    const fetchFn = stubApi({ '/api/case/caseReturn': () => figures });
    renderWithProviders(<ReturnPanel caseId={3} published={{ rateBp: 9_958, version: 2 }} />);
    expect(within(panel()).getByRole('status').textContent).toBe('正在加载公开回报率…');
    expect((await screen.findByTestId('return-declared')).textContent).toBe('95.00%');
    // Decision 0061: today's figure (the band's centre) and the one fixed at publication, each named.
    expect(within(panel()).getByText('当前期望回报率（按今日回收价）')).toBeTruthy();
    expect(within(panel()).getByText('发布时申报回报率（v2，按发布时回收价）')).toBeTruthy();
    expect(screen.getByTestId('return-published').textContent).toBe('99.58%');
    expect(screen.getByTestId('return-realised').textContent).toBe('93.12%');
    expect(screen.getByTestId('return-band').textContent).toBe('87.56% – 102.44%');
    expect(within(panel()).getByText('实际回报率（最近 1000 次开箱）')).toBeTruthy();
    expect(screen.getByTestId('return-status').textContent).toBe('实际回报率在正常波动范围内。');
    expect(within(panel()).getByText(/概率版本 v2.*最近 1000 次开箱/)).toBeTruthy();
    expect(screen.getByTestId('return-bar')).toBeTruthy();
    expect(callsTo(fetchFn, '/api/case/caseReturn')[0]!.get('caseId')).toBe('3');
    // Issue 18: the site's public figures for every game, over time windows.
    expect(
      within(panel())
        .getByRole('link', { name: /查看全站/ })
        .getAttribute('href'),
    ).toBe('/transparency');
  });

  it('says when the realised return left its range, when openings are too few, and when there are none', async () => {
    stubApi({ '/api/case/caseReturn': () => ({ ...figures, realisedReturn: 1.4, alert: true }) });
    const first = renderWithProviders(<ReturnPanel caseId={3} />);
    expect((await screen.findByTestId('return-status')).textContent).toMatch(/超出正常波动范围/);
    first.unmount();

    stubApi({ '/api/case/caseReturn': () => ({ ...figures, openings: 12 }) });
    const second = renderWithProviders(<ReturnPanel caseId={3} />);
    expect((await screen.findByTestId('return-status')).textContent).toBe('开箱次数少于 30 次，结果波动较大，仅供参考。');
    second.unmount();

    stubApi({
      '/api/case/caseReturn': () => ({
        ...figures,
        openings: 0,
        realisedReturn: null,
        band95: null,
        alertBand: null,
        wonFen: 0,
        paidFen: 0,
      }),
    });
    renderWithProviders(<ReturnPanel caseId={3} />);
    expect((await screen.findByTestId('return-status')).textContent).toBe('当前概率版本还没有开箱记录。');
    expect(screen.getByTestId('return-realised').textContent).toBe('—');
    expect(screen.queryByTestId('return-bar')).toBeNull();
  });

  it('says a free box has no return rate', async () => {
    stubApi({
      '/api/case/caseReturn': () => ({
        ...figures,
        priceFen: 0,
        declaredReturn: null,
        realisedReturn: null,
        openingSd: null,
        band95: null,
        alertBand: null,
      }),
    });
    renderWithProviders(<ReturnPanel caseId={3} />);
    expect(await within(panel()).findByText('免费箱子不计算回报率。')).toBeTruthy();
  });

  it('offers a retry when the figures failed to load', async () => {
    let fail = true;
    const fetchFn = stubApi({ '/api/case/caseReturn': () => (fail ? refuse(1, '系统繁忙') : figures) });
    renderWithProviders(<ReturnPanel caseId={3} />);
    expect(await within(panel()).findByText('公开回报率加载失败')).toBeTruthy();
    fail = false;
    fireEvent.click(within(panel()).getByRole('button', { name: '重试' }));
    await waitFor(() => expect(screen.getByTestId('return-declared').textContent).toBe('95.00%'));
    expect(callsTo(fetchFn, '/api/case/caseReturn')).toHaveLength(2);
  });
});

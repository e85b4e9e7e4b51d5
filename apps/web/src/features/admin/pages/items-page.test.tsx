import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { type AdminCatalogDetail, type AdminShopStock } from '@skinfair/contract';
import { callsTo, stubApi } from '../../../test/render';
import { meAs, page } from '../testing';
import { detailOf, redline, renderAt, resetAfterEach, rule, who } from './items-page-fixture';

resetAfterEach();

describe('the items and prices screen', () => {
  it('lists the catalogue with search, filters (prices typed in yuan, sent in fen) and paging', async () => {
    const fetchFn = stubApi({
      '/api/admin/me': () => meAs('operations', who),
      '/api/admin/items': () => page([redline], 4),
    });
    renderAt('/admin/items');
    const row = (await screen.findByText('AK-47 | 红线 (久经沙场)')).closest('tr')!;
    expect(within(row).getByText('AK-47 | Redline (Field-Tested)')).toBeTruthy();
    expect(within(row).getAllByText('123.45')).toHaveLength(2);
    expect(within(row).getByText('步枪')).toBeTruthy();
    fireEvent.click(within(screen.getByRole('navigation', { name: '分页' })).getByRole('button', { name: '下一页' }));
    await waitFor(() => expect(callsTo(fetchFn, '/api/admin/items').at(-1)!.get('page')).toBe('2'));

    fireEvent.change(screen.getByLabelText('饰品ID、中文名或 market hash name'), {
      target: { value: 'Redline' },
    });
    fireEvent.change(screen.getByLabelText('类型'), { target: { value: 'rifle' } });
    fireEvent.change(screen.getByLabelText('稀有度'), { target: { value: 'classified' } });
    fireEvent.change(screen.getByLabelText('商城'), { target: { value: '1' } });
    fireEvent.change(screen.getByLabelText('最低参考价（元）'), { target: { value: '19.99' } });
    fireEvent.change(screen.getByLabelText('最高参考价（元）'), { target: { value: '200' } });
    await waitFor(() => {
      const last = callsTo(fetchFn, '/api/admin/items').at(-1)!;
      expect(['search', 'category', 'rarity', 'inShop', 'priceMinFen', 'priceMaxFen', 'page'].map((k) => last.get(k))).toEqual([
        'Redline',
        'rifle',
        'classified',
        '1',
        '1999',
        '20000',
        '1',
      ]);
    });
  });

  it('shows an item with its price history and changes its price with a reason', async () => {
    let priced = false;
    const history: AdminCatalogDetail['history'] = [
      {
        id: 1,
        itemId: 42,
        oldReferenceFen: 10_000,
        newReferenceFen: 12_345,
        oldRecoveryFen: 10_000,
        newRecoveryFen: 12_345,
        source: 'import',
        operatorId: 7,
        operatorName: 'pricer',
        importId: 'a'.repeat(32),
        reason: null,
        at: '2026-11-25T06:00:00.000Z',
      },
    ];
    const fetchFn = stubApi({
      '/api/admin/me': () => meAs('operations', who),
      '/api/admin/items': () => page([redline]),
      '/api/admin/items/recoveryRule': () => rule,
      '/api/admin/items/detail': () =>
        detailOf(priced ? { ...redline, referencePriceFen: 20_000, recoveryPriceFen: 16_000 } : redline, history),
      '/api/admin/items/priceEffect': (params) => {
        const shopFen = params.get('shopPriceFen') ? Number(params.get('shopPriceFen')) : 12_963;
        const recoveryFen = (Number(params.get('priceFen')) * 8) / 10;
        const liveAfterBp = Number(params.get('priceFen')) >= 25_000 ? 9_900 : 9_700;
        return {
          itemId: 42,
          name: redline.name,
          oldReferenceFen: 12_345,
          newReferenceFen: Number(params.get('priceFen')),
          oldRecoveryFen: 9_876,
          newRecoveryFen: recoveryFen,
          recoveryRateBp: 8_000,
          shop: { stockId: 5, enabled: true, oldPriceFen: 12_963, newPriceFen: shopFen, suggestedPriceFen: 21_000 },
          sellBack: { oldFen: 9_876, newFen: Math.min(recoveryFen, shopFen) },
          breaksInvariant: shopFen < recoveryFen,
          // ¥250 would put the box above the ceiling (refused); ¥200 moves it by 2 points (a warning to confirm).
          boxes: [
            {
              boxId: 3,
              name: '红线箱',
              priceFen: 10_000,
              declaredBp: 9_500,
              liveBeforeBp: 9_500,
              liveAfterBp: liveAfterBp,
              ceilingBp: 9_800,
              aboveCeiling: liveAfterBp > 9_800,
              refused: liveAfterBp > 9_800,
              moved: true,
            },
          ],
          warnMoveBp: 100,
        };
      },
      '/api/admin/items/price': () => {
        priced = true;
        return detailOf({ ...redline, referencePriceFen: 20_000, recoveryPriceFen: 16_000 }, history);
      },
    });
    renderAt('/admin/items');
    const row = (await screen.findByText('AK-47 | 红线 (久经沙场)')).closest('tr')!;
    fireEvent.click(within(row).getByRole('button', { name: '详情' }));
    const panel = await screen.findByRole('region', { name: '饰品 AK-47 | 红线 (久经沙场)' });
    expect(await within(panel).findAllByText('100 → 123.45')).toHaveLength(2);
    expect(within(panel).getByText('导入')).toBeTruthy();

    fireEvent.click(within(panel).getByRole('button', { name: '修改价格' }));
    const dialog = await screen.findByRole('dialog', { name: '修改 AK-47 | 红线 (久经沙场) 的参考价' });
    const confirm = within(dialog).getByRole('button', { name: '修改价格' }) as HTMLButtonElement;
    fireEvent.change(within(dialog).getByLabelText('新参考价（元，最多两位小数）'), {
      target: { value: '200.001' },
    });
    expect(within(dialog).getByRole('alert').textContent).toContain('最多两位小数');
    // Issue 27 §11: a price that pushes a box's live return above the ceiling is refused, nothing to confirm.
    fireEvent.change(within(dialog).getByLabelText('新参考价（元，最多两位小数）'), {
      target: { value: '250' },
    });
    const above = await within(dialog).findByTestId('box-return-warning');
    await waitFor(() => expect(above.textContent).toContain('1 个箱子的当前期望返奖率将高于上限 98 %，本次修改会被拒绝'));
    expect(above.textContent).toContain('#3 红线箱：95 % → 99 %（+4 %） (高于上限 98 %)');
    expect(within(above).queryByRole('checkbox')).toBeNull();
    fireEvent.change(within(dialog).getByLabelText('新参考价（元，最多两位小数）'), {
      target: { value: '200' },
    });
    expect(await within(dialog).findByText('按回收比例 80 %，回收价将为 160 元')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText(/原因/), { target: { value: '市场价上涨' } });
    // The shop still charges 129.63: the sell-back would pass it, so the edit cannot be confirmed as it stands.
    const refusal = await within(dialog).findByText(/回收价 160 元将高于商城售价 129.63 元/);
    expect(refusal.closest('[role="alert"]')).toBeTruthy();
    expect(within(dialog).getByText(/1 个箱子的返奖率将变动/, { selector: 'p' })).toBeTruthy();
    expect(
      within(dialog).getByText(/3 红线箱（开箱价 100 元）：发布时申报返奖率 95 %，当前期望返奖率（按今日回收价）95 % → 97 %（\+2 %）/),
    ).toBeTruthy();
    expect(confirm.disabled).toBe(true);
    fireEvent.click(within(dialog).getByRole('button', { name: '采用建议售价 210 元' }));
    expect(await within(dialog).findByText('商城售价：129.63 → 210 元')).toBeTruthy();
    // The box's live return moves by 2 points, past the 1-point warning: saving needs its own confirm.
    const warning = await within(dialog).findByTestId('box-return-warning');
    expect(warning.textContent).toContain('1 个箱子的当前期望返奖率变动超过 1 %，请确认后再保存');
    expect(warning.textContent).toContain('#3 红线箱：95 % → 97 %（+2 %）');
    expect(confirm.disabled).toBe(true);
    fireEvent.click(within(warning).getByRole('checkbox', { name: '我已核对上述箱子的返奖率变动，确认修改' }));
    await waitFor(() => expect(confirm.disabled).toBe(false));
    fireEvent.click(confirm);
    await waitFor(() => expect(callsTo(fetchFn, '/api/admin/items/price')).toHaveLength(1));
    const sent = callsTo(fetchFn, '/api/admin/items/price')[0]!;
    expect([sent.get('id'), sent.get('priceFen'), sent.get('shopPriceFen'), sent.get('reason')]).toEqual([
      '42',
      '20000',
      '21000',
      '市场价上涨',
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('changes the recovery rate within its bounds, with a reason', async () => {
    const fetchFn = stubApi({
      '/api/admin/me': () => meAs('operations', who),
      '/api/admin/items': () => page([redline]),
      '/api/admin/items/recoveryRule': (_params, init) => (init?.method === 'POST' ? { ...rule, rateBp: 8_550 } : rule),
    });
    renderAt('/admin/items');
    fireEvent.click(await screen.findByRole('tab', { name: '回收价规则' }));
    expect(await screen.findByText('当前回收比例：参考价的 80 %')).toBeTruthy();
    const field = screen.getByLabelText('新回收比例（%，50–100）');
    const save = screen.getByRole('button', { name: '保存回收比例' }) as HTMLButtonElement;
    fireEvent.change(field, { target: { value: '49.99' } });
    expect(save.disabled).toBe(true);
    fireEvent.change(field, { target: { value: '85.5' } });
    expect(save.disabled).toBe(false);
    fireEvent.click(save);
    const dialog = await screen.findByRole('dialog', { name: '修改回收比例为 85.50 %' });
    fireEvent.change(within(dialog).getByLabelText(/原因/), { target: { value: '回收按八五五折' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '保存回收比例' }));
    await waitFor(() => expect(callsTo(fetchFn, '/api/admin/items/recoveryRule').filter((p) => p.get('rateBp'))).toHaveLength(1));
    const sent = callsTo(fetchFn, '/api/admin/items/recoveryRule').find((p) => p.get('rateBp'))!;
    expect([sent.get('rateBp'), sent.get('reason')]).toEqual(['8550', '回收按八五五折']);
  });

  it('lists shop stock, edits a line and adds an item', async () => {
    const line: AdminShopStock = {
      id: 5,
      itemId: 42,
      name: redline.name,
      image: null,
      referencePriceFen: 12_345,
      recoveryPriceFen: 12_345,
      priceFen: 12_963,
      stock: 3,
      enabled: true,
    };
    const fetchFn = stubApi({
      '/api/admin/me': () => meAs('operations', who),
      '/api/admin/items': () => page([redline]),
      '/api/admin/items/shop': () => page([line]),
      '/api/admin/items/shop/update': () => ({ ...line, stock: 9, enabled: false }),
      '/api/admin/items/shop/add': () => ({ ...line, id: 6, itemId: 77 }),
    });
    renderAt('/admin/items');
    fireEvent.click(await screen.findByRole('tab', { name: '商城库存' }));
    const row = (await screen.findByText(`42 ${redline.name}`)).closest('tr')!;
    expect(within(row).getByText('129.63')).toBeTruthy();
    fireEvent.click(within(row).getByRole('button', { name: '编辑' }));
    const dialog = await screen.findByRole('dialog', { name: `编辑 ${redline.name} 的库存` });
    fireEvent.change(within(dialog).getByLabelText('库存数量'), { target: { value: '9' } });
    fireEvent.click(within(dialog).getByLabelText('上架'));
    fireEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    await waitFor(() => expect(callsTo(fetchFn, '/api/admin/items/shop/update')).toHaveLength(1));
    const sent = callsTo(fetchFn, '/api/admin/items/shop/update')[0]!;
    expect([sent.get('id'), sent.get('stock'), sent.get('enabled'), sent.get('priceFen')]).toEqual(['5', '9', 'false', '12963']);

    const add = screen.getByRole('form', { name: '添加到商城' });
    fireEvent.change(within(add).getByLabelText('饰品ID'), { target: { value: '77' } });
    fireEvent.change(within(add).getByLabelText('库存数量'), { target: { value: '10' } });
    fireEvent.click(within(add).getByRole('button', { name: '添加到商城' }));
    await waitFor(() => expect(callsTo(fetchFn, '/api/admin/items/shop/add')).toHaveLength(1));
    const added = callsTo(fetchFn, '/api/admin/items/shop/add')[0]!;
    expect([added.get('itemId'), added.get('stock'), added.get('priceFen')]).toEqual(['77', '10', null]);
  });

  it('is read only for a role without items.write', async () => {
    stubApi({
      '/api/admin/me': () => ({
        ...meAs('operations', who),
        role: 'operations',
        permissions: ['items.read'],
      }),
      '/api/admin/items': () => page([redline]),
      '/api/admin/items/detail': () => detailOf(redline),
      '/api/admin/items/recoveryRule': () => rule,
    });
    renderAt('/admin/items');
    const row = (await screen.findByText('AK-47 | 红线 (久经沙场)')).closest('tr')!;
    fireEvent.click(within(row).getByRole('button', { name: '详情' }));
    expect(await screen.findByText('暂无价格变更')).toBeTruthy();
    expect(screen.queryByRole('button', { name: '修改价格' })).toBeNull();
  });
});

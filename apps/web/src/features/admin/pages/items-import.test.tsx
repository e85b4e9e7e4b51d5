import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { type ItemImportPreview } from '@skinfair/contract';
import { callsTo, refuse, stubApi } from '../../../test/render';
import { meAs, page } from '../testing';
import { redline, renderAt, resetAfterEach, who } from './items-page-fixture';

resetAfterEach();

describe('the items and prices screen: price-list imports', () => {
  it('previews a price list (changes, large ones, unknown and invalid rows with lines) and applies it', async () => {
    const preview: ItemImportPreview = {
      previewId: 'b'.repeat(32),
      fileHash: 'c'.repeat(64),
      encoding: 'utf-8',
      rows: 4,
      changes: [
        {
          line: 2,
          itemId: 42,
          name: redline.name,
          oldPriceFen: 12_345,
          newPriceFen: 30_000,
          oldRecoveryFen: 12_345,
          newRecoveryFen: 24_000,
          changeBp: 14_301,
          large: true,
          boxCount: 2,
          oldShopPriceFen: 12_963,
          newShopPriceFen: 31_500,
        },
      ],
      unchanged: 1,
      unknown: [{ line: 4, key: 'No Such Skin', reason: '找不到该 market_hash_name' }],
      invalid: [
        {
          line: 5,
          key: 'AK-47 | Redline (Field-Tested)',
          reason: '价格格式错误：应为元，最多两位小数，如 12.34',
        },
      ],
      largeChanges: 1,
      affectedBoxes: 2,
      boxes: [
        {
          boxId: 3,
          name: '红线箱',
          priceFen: 10_000,
          declaredBp: 9_500,
          liveBeforeBp: 9_500,
          liveAfterBp: 9_650,
          ceilingBp: 9_800,
          aboveCeiling: false,
          refused: false,
          moved: true,
        },
        {
          boxId: 4,
          name: '入门箱',
          priceFen: 500,
          declaredBp: 9_000,
          liveBeforeBp: 9_000,
          liveAfterBp: 9_010,
          ceilingBp: 9_800,
          aboveCeiling: false,
          refused: false,
          moved: false,
        },
      ],
      warnMoveBp: 100,
      recoveryRateBp: 8_000,
      expiresAt: '2026-11-25T10:00:00.000Z',
    };
    const fetchFn = stubApi({
      '/api/admin/me': () => meAs('operations', who),
      '/api/admin/items': () => page([redline]),
      '/api/admin/items/importPreview': (params) =>
        params.get('content')!.startsWith('id,price') ? preview : refuse(9532, '价格表格式错误，请检查表头或JSON'),
      '/api/admin/items/importApply': () => ({
        previewId: preview.previewId,
        applied: 1,
        fileHash: preview.fileHash,
      }),
    });
    renderAt('/admin/items');
    fireEvent.click(await screen.findByRole('tab', { name: '导入价格表' }));
    const text = screen.getByLabelText('价格表内容');
    fireEvent.change(text, { target: { value: 'name,price\nx,1' } });
    fireEvent.click(screen.getByRole('button', { name: '预览变更' }));
    expect(await screen.findByText('价格表格式错误，请检查表头或JSON')).toBeTruthy();

    const csv = 'id,price\n42,300.00\n43,1.00\nNo Such Skin,1\n"AK-47 | Redline (Field-Tested)",1.234';
    fireEvent.change(text, { target: { value: csv } });
    fireEvent.click(screen.getByRole('button', { name: '预览变更' }));
    expect(
      await screen.findByText('共 4 行：1 项变更（1 项变动超过 50%），1 项不变，1 项未找到，1 项无效；影响 2 个箱子的实际返还率。'),
    ).toBeTruthy();
    expect(callsTo(fetchFn, '/api/admin/items/importPreview').at(-1)!.get('content')).toBe(csv);
    expect(callsTo(fetchFn, '/api/admin/items/importPreview').at(-1)!.get('format')).toBe('csv');
    const changes = screen.getByRole('table', { name: '价格变更' });
    expect(within(changes).getByText('+143.01 % · 大幅变动')).toBeTruthy();
    expect(within(changes).getByText('240')).toBeTruthy();
    const invalid = screen.getByRole('table', { name: '无效的行' });
    expect(within(invalid).getByText('5')).toBeTruthy();
    expect(within(screen.getByRole('table', { name: '未找到的饰品' })).getByText('No Such Skin')).toBeTruthy();

    // Only the box moved past the warning amount is listed, and applying waits for the confirm.
    const warning = screen.getByTestId('box-return-warning');
    expect(warning.textContent).toContain('1 个箱子的当前期望返奖率变动超过 1 %');
    expect(warning.textContent).toContain('#3 红线箱：95 % → 96.50 %（+1.50 %）');
    expect(warning.textContent).not.toContain('入门箱');
    const applyButton = screen.getByRole('button', { name: '应用 1 项变更' }) as HTMLButtonElement;
    expect(applyButton.disabled).toBe(true);
    fireEvent.click(within(warning).getByRole('checkbox'));
    await waitFor(() => expect(applyButton.disabled).toBe(false));
    fireEvent.click(applyButton);
    await waitFor(() => expect(callsTo(fetchFn, '/api/admin/items/importApply')).toHaveLength(1));
    expect(callsTo(fetchFn, '/api/admin/items/importApply')[0]!.get('previewId')).toBe(preview.previewId);
    await waitFor(() => expect(screen.queryByRole('button', { name: '应用 1 项变更' })).toBeNull());
  });

  it('sends a chosen file as its bytes (a GBK CSV from Excel), shows it decoded, and names the encoding the server used', async () => {
    // "id,price\r\n42,300.00\r\nAK-47 | 红线 (久经沙场),1.00" as Excel on Chinese Windows saves it (GBK).
    const gbk = Uint8Array.from([
      ...Array.from('id,price\r\n42,300.00\r\nAK-47 | ', (c) => c.charCodeAt(0)),
      ...[0xba, 0xec, 0xcf, 0xdf], // 红线
      ...Array.from(' (', (c) => c.charCodeAt(0)),
      ...[0xbe, 0xc3, 0xbe, 0xad, 0xc9, 0xb3, 0xb3, 0xa1], // 久经沙场
      ...Array.from('),1.00', (c) => c.charCodeAt(0)),
    ]);
    const preview = {
      previewId: 'd'.repeat(32),
      fileHash: 'e'.repeat(64),
      encoding: 'gb18030',
      rows: 2,
      changes: [],
      unchanged: 1,
      unknown: [],
      invalid: [{ line: 3, key: 'AK-47 | 红线 (久经沙场)', reason: 'id 必须是正整数' }],
      largeChanges: 0,
      affectedBoxes: 0,
      boxes: [],
      warnMoveBp: 300,
      recoveryRateBp: 8_000,
      expiresAt: '2026-11-25T10:00:00.000Z',
    } as ItemImportPreview;
    const fetchFn = stubApi({
      '/api/admin/me': () => meAs('operations', who),
      '/api/admin/items': () => page([redline]),
      '/api/admin/items/importPreview': () => preview,
    });
    renderAt('/admin/items');
    fireEvent.click(await screen.findByRole('tab', { name: '导入价格表' }));
    fireEvent.change(screen.getByLabelText('选择价格表文件'), { target: { files: [new File([gbk], 'prices.csv')] } });
    const text = screen.getByLabelText('价格表内容') as HTMLTextAreaElement;
    // A textarea shows line breaks as \n; the bytes sent are the file's own, CRLF included.
    await waitFor(() => expect(text.value).toBe('id,price\n42,300.00\nAK-47 | 红线 (久经沙场),1.00'));
    expect(screen.getByTestId('import-file').textContent).toContain('prices.csv');
    fireEvent.click(screen.getByRole('button', { name: '预览变更' }));
    expect(await screen.findByText(/文件编码：GBK\/GB18030。/)).toBeTruthy();
    const sent = callsTo(fetchFn, '/api/admin/items/importPreview').at(-1)!;
    expect(Uint8Array.from(atob(sent.get('contentBase64')!), (c) => c.charCodeAt(0))).toEqual(gbk);
    expect(sent.has('content')).toBe(false);

    // Edited text is what the operator means: it goes as text, and the file is dropped.
    fireEvent.change(text, { target: { value: 'id,price\n42,301.00' } });
    expect(screen.queryByTestId('import-file')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: '预览变更' }));
    await waitFor(() => expect(callsTo(fetchFn, '/api/admin/items/importPreview')).toHaveLength(2));
    const edited = callsTo(fetchFn, '/api/admin/items/importPreview').at(-1)!;
    expect([edited.get('content'), edited.has('contentBase64')]).toEqual(['id,price\n42,301.00', false]);
  });
});

import type { DropItem } from '@skinfair/contract';

/** A drop of the live feed with sensible defaults (grade 3 = ordinary). */
export function givenDrop(id: number, grade = 3, overrides: Partial<DropItem> = {}): DropItem {
  return {
    id,
    userId: 1,
    nickname: `玩家${id}`,
    headPic: null,
    giftName: `AK-47 | 红线 #${id}`,
    giftImage: 'gifts/ak.png',
    grade,
    recoveryPrice: 1250,
    sourceType: 1,
    sourceId: 1,
    sourceName: '新手箱',
    sourceImage: null,
    createTime: '2025-01-01T00:00:00.000Z',
    ...overrides,
  };
}

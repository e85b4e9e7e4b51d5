import { describe, expect, it } from 'vitest';
import { defaultShopFilters, shopQueryParams } from './shop-params';

describe('shop query parameters', () => {
  it('sends page, pageSize and sort, and omits the category and name for "all"', () => {
    expect(shopQueryParams(defaultShopFilters)).toEqual({ page: 1, pageSize: 15, sort: 0 });
  });

  it('passes the chosen category, sort and the trimmed name', () => {
    expect(shopQueryParams({ page: 3, sort: 1, category: 'awp', name: '  巨龙 ' }, 20)).toEqual({
      page: 3,
      pageSize: 20,
      sort: 1,
      category: 'awp',
      name: '巨龙',
    });
    expect(shopQueryParams({ page: 1, sort: 2, category: 'pistol', name: '   ' })).toEqual({
      page: 1,
      pageSize: 15,
      sort: 2,
      category: 'pistol',
    });
  });

  it('caps the name at 40 characters and the page at 1 or more', () => {
    const query = shopQueryParams({ page: 0, sort: 0, category: null, name: 'x'.repeat(60) });
    expect(query.name).toHaveLength(40);
    expect(query.page).toBe(1);
  });
});

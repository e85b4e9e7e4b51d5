/**
 * A complete, key-order-independent serialisation: object keys sorted at every depth, arrays kept in order.
 * `JSON.stringify(value, sortedTopLevelKeys)` is not one — a replacer array filters nested keys too, so
 * `{items:[{id:1}]}` and `{items:[{id:2}]}` both came out as `{"items":[{}]}` (issue 26 §13).
 */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(sortKeys(value)) ?? 'undefined';
}

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value === null || typeof value !== 'object') return value;
  const sorted: Record<string, unknown> = {};
  for (const key of Object.keys(value).sort()) sorted[key] = sortKeys((value as Record<string, unknown>)[key]);
  return sorted;
}

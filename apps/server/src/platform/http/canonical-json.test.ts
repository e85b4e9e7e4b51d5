import { describe, expect, it } from 'vitest';
import { canonicalJson } from './canonical-json.js';

describe('canonicalJson', () => {
  it('keeps nested keys and sorts them at every depth', () => {
    expect(canonicalJson({ b: 1, items: [{ z: 2, id: 1 }], a: { y: [1, { d: 4, c: 3 }], x: null } })).toBe(
      '{"a":{"x":null,"y":[1,{"c":3,"d":4}]},"b":1,"items":[{"id":1,"z":2}]}',
    );
  });

  it('tells apart bodies that differ only inside an array of objects', () => {
    expect(canonicalJson({ items: [{ id: 1 }] })).not.toBe(canonicalJson({ items: [{ id: 2 }] }));
  });

  it('keeps array order, which is part of the request', () => {
    expect(canonicalJson([1, 2])).not.toBe(canonicalJson([2, 1]));
  });

  it('serialises scalars and absent bodies', () => {
    expect(canonicalJson(undefined)).toBe('undefined');
    expect(canonicalJson('a')).toBe('"a"');
    expect(canonicalJson({ a: undefined, b: 1 })).toBe('{"b":1}');
  });
});

import { describe, expect, it } from 'vitest';
import { prefixImages, withImageHost } from './image-url';

describe('image-host prefixing (spec §3)', () => {
  it('prefixes relative paths with /img once', () => {
    expect(withImageHost('items/ak47.png')).toBe('/img/items/ak47.png');
    expect(withImageHost('/items/ak47.png')).toBe('/img/items/ak47.png');
    expect(withImageHost('/img/items/ak47.png')).toBe('/img/items/ak47.png');
  });

  it('leaves absolute http(s), protocol-relative, data: and blob: URLs alone', () => {
    for (const url of ['https://cdn.example/a.png', 'http://x/a.png', '//cdn/a.png', 'data:image/png;base64,AA', 'blob:http://x/1']) {
      expect(withImageHost(url)).toBe(url);
    }
  });

  it('leaves a colour value (virtualImg of a name colour or frame) alone', () => {
    expect(prefixImages({ virtualImg: '#ab6afc' })).toEqual({ virtualImg: '#ab6afc' });
    expect(withImageHost('#fff')).toBe('#fff');
  });

  it('walks objects and arrays and only touches the image fields', () => {
    const input = {
      giftImage: 'gifts/1.png',
      giftName: 'gifts/not-an-image',
      nested: {
        boxImage: 'boxes/2.png',
        avatar: 'https://a/b.png',
        list: [{ headPic: 'heads/3.png', headGround: null }],
      },
      drops: [{ sourceImage: 'boxes/4.png', image: 'x.png', banner: 'b.png', weaponImage: 'w.png' }],
      winVoucherImg: 'v.png',
      virtualImg: 'vi.png',
    };
    const out = prefixImages(input);
    expect(out).toEqual({
      giftImage: '/img/gifts/1.png',
      giftName: 'gifts/not-an-image',
      nested: {
        boxImage: '/img/boxes/2.png',
        avatar: 'https://a/b.png',
        list: [{ headPic: '/img/heads/3.png', headGround: null }],
      },
      drops: [
        {
          sourceImage: '/img/boxes/4.png',
          image: '/img/x.png',
          banner: '/img/b.png',
          weaponImage: '/img/w.png',
        },
      ],
      winVoucherImg: '/img/v.png',
      virtualImg: '/img/vi.png',
    });
    expect(input.giftImage).toBe('gifts/1.png');
  });

  it('passes primitives and null through', () => {
    expect(prefixImages(null)).toBeNull();
    expect(prefixImages(3)).toBe(3);
    expect(prefixImages(['a.png'])).toEqual(['a.png']);
  });
});

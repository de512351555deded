import type { DetailItem } from '@roam/contract/areas';
import { afterEach, describe, expect, it } from 'vitest';
import { defineDetail } from './detail-declaration';
import { preloadFirstPhoto } from './first-photo';

const declaration = defineDetail({
  area: 'cafes',
  title: (cafe) => cafe.name,
  images: (cafe) => (cafe.photos.length > 0 ? cafe.photos : cafe.imageurl),
});

const preloads = () =>
  Array.from(document.head.querySelectorAll<HTMLLinkElement>('link[rel="preload"][as="image"]')).map((link) =>
    link.getAttribute('href'),
  );

/** A cafe with the fields the declaration reads (the rest do not matter here). */
const cafe = (fields: Partial<DetailItem<'cafes'>>) => fields as DetailItem<'cafes'>;

afterEach(() => {
  for (const link of document.head.querySelectorAll('link[rel="preload"]')) link.remove();
});

describe("a detail page's first photo, asked for with the item", () => {
  it('asks for the first photo the page shows (empty ones skipped)', () => {
    preloadFirstPhoto(
      declaration,
      cafe({ name: 'Blue', photos: [' ', '/uploads/a.webp', '/uploads/b.webp'], imageurl: [] }),
    );
    expect(preloads()).toEqual(['/uploads/a.webp']);
    // The next item's replaces it.
    preloadFirstPhoto(declaration, cafe({ name: 'Red', photos: [], imageurl: ['/uploads/c.webp'] }));
    expect(preloads()).toEqual(['/uploads/c.webp']);
  });

  it('asks for nothing without a photo, nor for an area whose page shows none', () => {
    preloadFirstPhoto(declaration, cafe({ name: 'Blue', photos: [], imageurl: [] }));
    preloadFirstPhoto(declaration, cafe({ name: 'Blue', photos: ['  '], imageurl: [''] }));
    preloadFirstPhoto(
      defineDetail({ area: 'cafes', title: (item) => item.name }),
      cafe({ name: 'Blue', photos: ['/uploads/a.webp'], imageurl: [] }),
    );
    expect(preloads()).toEqual([]);
  });
});

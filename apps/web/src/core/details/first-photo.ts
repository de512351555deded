import type { DetailAreaName, DetailItem } from '@roam/contract/areas';
import type { DetailDeclaration } from './detail-declaration';

/**
 * Asks for an item's first photo, a detail page's largest paint, as soon as the item's answer is
 * in: the page shows it only once the answer has been read and the page has rendered, and the
 * photo's download would begin only then. The photo the page shows is the declaration's first
 * (image-carousel.tsx); an answer the declaration cannot read (one the parse will refuse) asks
 * for nothing.
 */
export function preloadFirstPhoto<Area extends DetailAreaName>(
  declaration: DetailDeclaration<Area>,
  answer: unknown,
): void {
  let photo: string | undefined;
  try {
    photo = declaration.images?.(answer as DetailItem<Area>).find((url) => url.trim() !== '');
  } catch {
    return;
  }
  if (!photo) return;
  // One at a time: the last item's ask has served its page.
  document.head.querySelector('link[data-first-photo]')?.remove();
  const link = document.createElement('link');
  link.setAttribute('data-first-photo', '');
  link.setAttribute('rel', 'preload');
  link.setAttribute('as', 'image');
  link.setAttribute('href', photo);
  document.head.append(link);
}

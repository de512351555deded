import type { DetailAreaName, DetailItem } from '@roam/contract/areas';
import type { DetailDeclaration } from './detail-declaration';

/**
 * Asks for an item's first photo, a detail page's largest paint, as soon as the item is in: the page
 * shows it only once the page has rendered, and the photo's download would begin only then. The
 * photo the page shows is the declaration's first (image-carousel.tsx).
 */
export function preloadFirstPhoto<Area extends DetailAreaName>(
  declaration: DetailDeclaration<Area>,
  item: DetailItem<Area>,
): void {
  const photo = declaration.images?.(item).find((url) => url.trim() !== '');
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

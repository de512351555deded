import { MantineProvider } from '@mantine/core';
import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { queueIdleMoments } from '../../test/idle-moments';
import { onWideScreen } from '../../test/wide-screen';

/** jsdom has no IntersectionObserver, which the carousel engine watches slides with. */
class IntersectionObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
  takeRecords() {
    return [];
  }
}

/**
 * A fresh copy of the module each time: its carousel code, once loaded, stays for every later
 * carousel (a page drawn once the code is here renders the carousel at once).
 */
async function renderCarousel(images: string[]) {
  vi.resetModules();
  const { ImageCarousel } = await import('./image-carousel');
  return render(
    <MantineProvider env="test">
      <ImageCarousel images={images} name="Sea View" />
    </MantineProvider>,
  );
}

const controls = () => [
  ...screen.queryAllByRole('button', { name: /slide$/ }),
  ...screen.queryAllByRole('tab', { name: /^Go to slide/ }),
];

describe('ImageCarousel', () => {
  beforeEach(() => {
    vi.stubGlobal('IntersectionObserver', IntersectionObserverStub);
    // jsdom loads no images: the next photo is here at once.
    HTMLImageElement.prototype.decode = () => Promise.resolve();
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    Reflect.deleteProperty(HTMLImageElement.prototype, 'decode');
  });

  it('shows a single photo without controls, even on a wide screen', async () => {
    const restore = onWideScreen();
    await renderCarousel(['/uploads/a.webp']);
    expect(screen.getByRole('img', { name: 'Sea View 1' })).toHaveAttribute('src', '/uploads/a.webp');
    expect(controls()).toHaveLength(0);
    restore();
  });

  it('shows the first of several photos at once, then the carousel once its code is here (wide screen)', async () => {
    const restore = onWideScreen();
    await renderCarousel(['/uploads/a.webp', '/uploads/b.webp']);
    // The first paint: the first photo alone, at the carousel's size, before its code has come.
    expect(screen.getByRole('img', { name: 'Sea View 1' })).toHaveAttribute('src', '/uploads/a.webp');
    expect(screen.queryByRole('img', { name: 'Sea View 2' })).not.toBeInTheDocument();
    expect(await screen.findByRole('img', { name: 'Sea View 2' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Photos of Sea View' })).toBeInTheDocument();
    restore();
  });

  it('on a phone keeps the first photo alone once the code is here, until the photo is touched', async () => {
    const idle = queueIdleMoments();
    await renderCarousel(['/uploads/a.webp', '/uploads/b.webp']);
    expect(screen.getByRole('region', { name: 'Photos of Sea View' })).toBeInTheDocument();
    await vi.waitFor(() => expect(idle.waiting()).toBeGreaterThan(0));
    idle.pass();
    await vi.waitFor(() => expect(idle.waiting()).toBeGreaterThan(0));
    idle.pass();
    // The code is fetched once idle, and nothing is handed over.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(screen.queryByRole('img', { name: 'Sea View 2' })).not.toBeInTheDocument();
    fireEvent.pointerDown(screen.getByRole('img', { name: 'Sea View 1' }));
    expect(await screen.findByRole('img', { name: 'Sea View 2' })).toBeInTheDocument();
    expect(screen.getAllByRole('region', { name: 'Photos of Sea View' })).toHaveLength(1);
  });

  it('on a phone hands over when the first turn is due, once the second photo is here', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldAdvanceTime: true });
    const decoded: string[] = [];
    HTMLImageElement.prototype.decode = function (this: HTMLImageElement) {
      decoded.push(this.getAttribute('src') ?? '');
      return Promise.resolve();
    };
    await renderCarousel(['/uploads/a.webp', '/uploads/b.webp']);
    await vi.advanceTimersByTimeAsync(4_900);
    expect(screen.queryByRole('img', { name: 'Sea View 2' })).not.toBeInTheDocument();
    expect(decoded).toEqual([]);
    await vi.advanceTimersByTimeAsync(100);
    expect(decoded).toEqual(['/uploads/b.webp']);
    expect(await screen.findByRole('img', { name: 'Sea View 2' })).toBeInTheDocument();
  });

  it('on a phone that asks for reduced motion, nothing turns: the first photo stays until touched', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldAdvanceTime: true });
    const original = window.matchMedia;
    window.matchMedia = ((query: string) => ({
      ...original(query),
      matches: query.includes('prefers-reduced-motion: reduce'),
    })) as typeof window.matchMedia;
    try {
      await renderCarousel(['/uploads/a.webp', '/uploads/b.webp']);
      await vi.advanceTimersByTimeAsync(6_000);
      expect(screen.queryByRole('img', { name: 'Sea View 2' })).not.toBeInTheDocument();
    } finally {
      window.matchMedia = original;
    }
  });

  it('shows arrows and indicators for two photos on a wide screen', async () => {
    const restore = onWideScreen();
    await renderCarousel(['/uploads/a.webp', '/uploads/b.webp']);
    expect(await screen.findByRole('img', { name: 'Sea View 2' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Sea View 1' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Previous slide' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next slide' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Photos of Sea View' })).toBeInTheDocument();
    restore();
  });

  it('shows no controls on a narrow screen', async () => {
    await renderCarousel(['/uploads/a.webp', '/uploads/b.webp']);
    fireEvent.pointerDown(screen.getByRole('img', { name: 'Sea View 1' }));
    expect(await screen.findByRole('img', { name: 'Sea View 2' })).toBeInTheDocument();
    expect(controls()).toHaveLength(0);
  });

  it('shows a neutral placeholder when there are no photos', async () => {
    await renderCarousel([]);
    expect(screen.getByText('No photos')).toBeInTheDocument();
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
  });
});

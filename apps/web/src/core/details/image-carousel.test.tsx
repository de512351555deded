import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { onWideScreen } from '../../test/wide-screen';
import { ImageCarousel } from './image-carousel';

/** jsdom has no IntersectionObserver, which the carousel engine watches slides with. */
class IntersectionObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
  takeRecords() {
    return [];
  }
}

function renderCarousel(images: string[]) {
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
  });

  it('shows a single photo without controls, even on a wide screen', () => {
    const restore = onWideScreen();
    renderCarousel(['/uploads/a.webp']);
    expect(screen.getByRole('img', { name: 'Sea View 1' })).toHaveAttribute('src', '/uploads/a.webp');
    expect(controls()).toHaveLength(0);
    restore();
  });

  it('shows the first of several photos at once, then the carousel once its code is here', async () => {
    renderCarousel(['/uploads/a.webp', '/uploads/b.webp']);
    // The first paint: the first photo alone, at the carousel's size, before its code has come.
    expect(screen.getByRole('img', { name: 'Sea View 1' })).toHaveAttribute('src', '/uploads/a.webp');
    expect(screen.queryByRole('img', { name: 'Sea View 2' })).not.toBeInTheDocument();
    expect(await screen.findByRole('region', { name: 'Photos of Sea View' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Sea View 2' })).toBeInTheDocument();
  });

  it('shows arrows and indicators for two photos on a wide screen', async () => {
    const restore = onWideScreen();
    renderCarousel(['/uploads/a.webp', '/uploads/b.webp']);
    expect(await screen.findByRole('img', { name: 'Sea View 2' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Sea View 1' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Previous slide' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next slide' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Photos of Sea View' })).toBeInTheDocument();
    restore();
  });

  it('shows no controls on a narrow screen', async () => {
    renderCarousel(['/uploads/a.webp', '/uploads/b.webp']);
    expect(await screen.findByRole('img', { name: 'Sea View 2' })).toBeInTheDocument();
    expect(controls()).toHaveLength(0);
  });

  it('shows a neutral placeholder when there are no photos', () => {
    renderCarousel([]);
    expect(screen.getByText('No photos')).toBeInTheDocument();
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
  });
});

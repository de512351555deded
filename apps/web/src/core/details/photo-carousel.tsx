import '@mantine/carousel/styles.layer.css';
import { Carousel } from '@mantine/carousel';
import { useMediaQuery, useReducedMotion } from '@mantine/hooks';
import type { EmblaCarouselType } from 'embla-carousel';
import { useEffect, useRef, useState } from 'react';
import { CAROUSEL_CONTROLS_QUERY, CAROUSEL_INTERVAL_MS, Photo, type PhotosProps } from './image-carousel';

/**
 * Several photos in the kit's carousel (its engine, embla), which image-carousel.tsx hands them to
 * (the first photo standing alone until then). `isTurnDue`: it takes over as its first turn is due
 * (a phone's), and turns at once.
 */
export function PhotoCarousel({ photos, name, height, isTurnDue }: PhotosProps & { isTurnDue: boolean }) {
  const isWide = useMediaQuery(CAROUSEL_CONTROLS_QUERY, false, { getInitialValueInEffect: false });
  const isReducedMotion = useReducedMotion();
  const [embla, setEmbla] = useState<EmblaCarouselType | null>(null);
  const [isPaused, setIsPaused] = useState(false);

  const hasTurned = useRef(false);
  useEffect(() => {
    if (!embla || !isTurnDue || hasTurned.current) return;
    hasTurned.current = true;
    embla.scrollNext();
  }, [embla, isTurnDue]);

  useEffect(() => {
    if (!embla || isPaused || isReducedMotion) return;
    const timer = window.setInterval(() => embla.scrollNext(), CAROUSEL_INTERVAL_MS);
    return () => window.clearInterval(timer);
  }, [embla, isPaused, isReducedMotion]);

  return (
    <Carousel
      aria-label={`Photos of ${name}`}
      height={height}
      emblaOptions={{ loop: true }}
      getEmblaApi={setEmbla}
      withControls={isWide}
      withIndicators={isWide}
      onMouseEnter={() => setIsPaused(true)}
      onMouseLeave={() => setIsPaused(false)}
      onFocus={() => setIsPaused(true)}
      onBlur={() => setIsPaused(false)}
    >
      {photos.map((src, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a photo may appear twice; the list never reorders
        <Carousel.Slide key={`${index}-${src}`} aria-label={`${index + 1} of ${photos.length}`}>
          <Photo src={src} alt={`${name} ${index + 1}`} height={height} />
        </Carousel.Slide>
      ))}
    </Carousel>
  );
}

import '@mantine/carousel/styles.layer.css';
import { Carousel } from '@mantine/carousel';
import { Center, Image, Stack, Text } from '@mantine/core';
import { useMediaQuery, useReducedMotion } from '@mantine/hooks';
import { IconPhoto } from '@tabler/icons-react';
import type { EmblaCarouselType } from 'embla-carousel';
import { useEffect, useState } from 'react';

/**
 * SPEC §9: a new photo every 5000 ms, 450 px high; controls only above 768 px. On a narrow screen
 * the height follows the width (about 16:9), so a wide photo is not cut to a sliver.
 */
export const CAROUSEL_INTERVAL_MS = 5000;
export const CAROUSEL_HEIGHT = 'min(450px, 56vw)';
export const CAROUSEL_CONTROLS_QUERY = '(min-width: 769px)';

type ImageCarouselProps = {
  /** Image URLs, in order. */
  images: readonly string[];
  /** The item's name: the photos' alt texts are 'name 1', 'name 2', ... */
  name: string;
  height?: number | string;
};

/**
 * An item's photos. Several photos turn by themselves every 5 s (not while the pointer or the
 * focus is on them, nor when the system asks for reduced motion); arrows and indicators appear
 * only with more than one photo on a screen wider than 768 px. One photo is just the photo; none,
 * a neutral placeholder.
 */
export function ImageCarousel({ images, name, height = CAROUSEL_HEIGHT }: ImageCarouselProps) {
  const photos = images.filter((url) => url.trim() !== '');
  if (photos.length === 0) return <ImagePlaceholder height={height} />;
  if (photos.length === 1) return <Photo src={photos[0] ?? ''} alt={`${name} 1`} height={height} />;
  return <PhotoCarousel photos={photos} name={name} height={height} />;
}

function PhotoCarousel({
  photos,
  name,
  height,
}: {
  photos: string[];
  name: string;
  height: number | string;
}) {
  const isWide = useMediaQuery(CAROUSEL_CONTROLS_QUERY, false, { getInitialValueInEffect: false });
  const isReducedMotion = useReducedMotion();
  const [embla, setEmbla] = useState<EmblaCarouselType | null>(null);
  const [isPaused, setIsPaused] = useState(false);

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

function Photo({ src, alt, height }: { src: string; alt: string; height: number | string }) {
  return <Image src={src} alt={alt} h={height} w="100%" fit="cover" radius="md" />;
}

/** What stands in for a missing photo: a neutral panel of the same height. */
export function ImagePlaceholder({
  height = CAROUSEL_HEIGHT,
  label = 'No photos',
}: {
  height?: number | string;
  label?: string;
}) {
  return (
    <Center
      h={height}
      bg="var(--roam-color-placeholder)"
      style={{ borderRadius: 'var(--mantine-radius-md)' }}
    >
      <Stack align="center" gap={4} c="dimmed">
        <IconPhoto size={40} stroke={1.5} aria-hidden />
        <Text size="sm">{label}</Text>
      </Stack>
    </Center>
  );
}

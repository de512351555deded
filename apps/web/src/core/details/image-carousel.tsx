import { Center, Image, Stack, Text } from '@mantine/core';
import { useMediaQuery, useReducedMotion } from '@mantine/hooks';
import { IconPhoto } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { lazyModule, useLazyModule } from '../../lib/lazy-module';

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
  return <PhotosOnDemand photos={photos} name={name} height={height} />;
}

/**
 * The carousel's code (its engine and the kit's carousel, 8 KB compressed), asked for once the page
 * has painted (lib/lazy-module.ts). Until it takes over, the first photo stands alone where the
 * carousel shows it, the same size: on a phone that photo is the page's largest paint, which then
 * waits for the item and not for code that only turns photos.
 */
const photoCarousel = lazyModule(() => import('./photo-carousel'));

/** Several photos, the item's name (their alt texts) and the carousel's height. */
export type PhotosProps = { photos: string[]; name: string; height: number | string };

/**
 * Above 768 px the carousel takes over as soon as its code is here: its arrows and indicators say
 * there is more to see. On a phone it shows no controls, so until its first turn is due, or the
 * admin touches the photo, it would only show the same first photo: there it takes over then, and
 * its setting up (a 24 ms task on a fast machine, measuring and placing every slide) stays out of
 * the page's start. At the turn it waits for the second photo, then moves to it at once.
 */
function PhotosOnDemand({ photos, name, height }: PhotosProps) {
  const hasControls = useMediaQuery(CAROUSEL_CONTROLS_QUERY, false, { getInitialValueInEffect: false });
  const isReducedMotion = useReducedMotion();
  const { loaded, want } = useLazyModule(photoCarousel, hasControls);
  const [isTurnDue, setIsTurnDue] = useState(false);
  const second = photos[1] ?? '';
  useEffect(() => {
    if (loaded || hasControls || isReducedMotion) return;
    const timer = window.setTimeout(() => {
      const next = document.createElement('img');
      next.src = second;
      // A photo that fails to load is the carousel's to show; the turn still comes.
      next
        .decode()
        .catch(() => {})
        .then(() => {
          setIsTurnDue(true);
          want();
        });
    }, CAROUSEL_INTERVAL_MS);
    return () => window.clearTimeout(timer);
  }, [loaded, hasControls, isReducedMotion, second, want]);
  if (!loaded) {
    return (
      <section aria-label={`Photos of ${name}`} onPointerDown={want}>
        <Photo src={photos[0] ?? ''} alt={`${name} 1`} height={height} />
      </section>
    );
  }
  return <loaded.PhotoCarousel photos={photos} name={name} height={height} isTurnDue={isTurnDue} />;
}

export function Photo({ src, alt, height }: { src: string; alt: string; height: number | string }) {
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

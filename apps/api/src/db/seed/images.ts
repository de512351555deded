import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { CITIES, countryOf, slug } from './places';
import { hashString, Rng } from './random';

/**
 * The demo images: real WebP files drawn from SVG (a gradient, a motif and a caption), a modest
 * set reused across rows. The plan (file names and URLs) is known before anything is drawn, so
 * the rows can be written while the files render.
 */

type Motif = 'skyline' | 'hills' | 'waves' | 'cup' | 'house' | 'bag' | 'sun' | 'menu';

type ImageSpec = {
  file: string;
  width: number;
  height: number;
  kind: 'banner' | 'avatar' | 'logo';
  title: string;
  subtitle: string;
  motif: Motif;
  hue: number;
};

export type ImagePlan = {
  specs: ImageSpec[];
  /** One per entry of CITIES, same order. */
  cities: string[];
  /** Shared photos by theme. */
  cafes: string[];
  /** Cafe menu cards. */
  menus: string[];
  rentals: string[];
  shops: string[];
  places: string[];
  avatars: string[];
  logos: string[];
  /** Every URL in the plan. */
  all: string[];
};

export const UPLOADS_URL_PREFIX = '/uploads/';

type PhotoUse = 'cafes' | 'menus' | 'rentals' | 'shops' | 'places';

const PHOTOS: readonly { title: string; motif: Motif; use: PhotoUse }[] = [
  { title: 'Morning Coffee', motif: 'cup', use: 'cafes' },
  { title: 'Brunch Corner', motif: 'sun', use: 'cafes' },
  { title: 'Laptop Friendly', motif: 'cup', use: 'cafes' },
  { title: "Today's Menu", motif: 'menu', use: 'menus' },
  { title: 'Drinks Menu', motif: 'menu', use: 'menus' },
  { title: 'Sunny Loft', motif: 'house', use: 'rentals' },
  { title: 'Garden Studio', motif: 'hills', use: 'rentals' },
  { title: 'City Apartment', motif: 'skyline', use: 'rentals' },
  { title: 'Local Market', motif: 'bag', use: 'shops' },
  { title: 'Makers Boutique', motif: 'bag', use: 'shops' },
  { title: 'Corner Store', motif: 'house', use: 'shops' },
  { title: 'Beach Day', motif: 'waves', use: 'places' },
  { title: 'Mountain Trail', motif: 'hills', use: 'places' },
  { title: 'Old Town Walk', motif: 'skyline', use: 'places' },
];

const PHOTO_SUBTITLES = {
  cafes: 'Cafés',
  menus: 'Menu',
  rentals: 'Stays',
  shops: 'Stores and shops',
  places: 'Things to do',
} as const;

/** Hues spread by the golden angle so neighbouring images look different. */
const hueOf = (index: number) => Math.round((index * 137.508) % 360);

/**
 * Avatars are a small shared pool given to many people: they show a silhouette, never letters,
 * which would be someone else's initials.
 */
const AVATAR_COUNT = 8;
const LOGO_LETTERS = ['N', 'B', 'H', 'P', 'S', 'C'] as const;

export function planImages(): ImagePlan {
  const specs: ImageSpec[] = [];
  const url = (file: string) => `${UPLOADS_URL_PREFIX}${file}`;
  const cityMotifs: Motif[] = ['skyline', 'hills', 'waves', 'sun'];
  const cities = CITIES.map((city, i) => {
    const file = `seed-city-${slug(city.name)}.webp`;
    specs.push({
      file,
      width: 800,
      height: 450,
      kind: 'banner',
      title: city.name,
      subtitle: countryOf(city.iso).name,
      motif: cityMotifs[i % cityMotifs.length] as Motif,
      hue: hueOf(specs.length),
    });
    return url(file);
  });
  const byUse: Record<PhotoUse, string[]> = {
    cafes: [],
    menus: [],
    rentals: [],
    shops: [],
    places: [],
  };
  PHOTOS.forEach((photo, i) => {
    const file = `seed-photo-${String(i + 1).padStart(2, '0')}-${slug(photo.title)}.webp`;
    specs.push({
      file,
      width: 800,
      height: 450,
      kind: 'banner',
      title: photo.title,
      subtitle: PHOTO_SUBTITLES[photo.use],
      motif: photo.motif,
      hue: hueOf(specs.length),
    });
    byUse[photo.use].push(url(file));
  });
  const avatars = Array.from({ length: AVATAR_COUNT }, (_, i) => {
    const file = `seed-avatar-${String(i + 1).padStart(2, '0')}.webp`;
    specs.push({
      file,
      width: 256,
      height: 256,
      kind: 'avatar',
      title: '',
      subtitle: '',
      motif: 'sun',
      hue: hueOf(specs.length),
    });
    return url(file);
  });
  const logos = LOGO_LETTERS.map((letter, i) => {
    const file = `seed-logo-${String(i + 1).padStart(2, '0')}.webp`;
    const motif = (['waves', 'hills', 'sun'] as const)[i % 3] as Motif;
    specs.push({
      file,
      width: 256,
      height: 256,
      kind: 'logo',
      title: letter,
      subtitle: '',
      motif,
      hue: hueOf(specs.length),
    });
    return url(file);
  });
  return {
    specs,
    cities,
    ...byUse,
    avatars,
    logos,
    all: specs.map((spec) => url(spec.file)),
  };
}

function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

function motifSvg(motif: Motif, w: number, h: number, rng: Rng, ink: string): string {
  const parts: string[] = [];
  switch (motif) {
    case 'skyline': {
      let x = 0;
      while (x < w) {
        const bw = rng.int(Math.round(w / 24), Math.round(w / 10));
        const bh = rng.int(Math.round(h / 6), Math.round(h / 2));
        parts.push(
          `<rect x="${x}" y="${h - bh}" width="${bw - 4}" height="${bh}" fill="${ink}" opacity="0.35"/>`,
        );
        x += bw;
      }
      break;
    }
    case 'hills': {
      for (let layer = 0; layer < 3; layer++) {
        const base = h * (0.55 + layer * 0.13);
        const peak = base - h * (0.15 + rng.next() * 0.15);
        const mid = w * (0.2 + rng.next() * 0.6);
        parts.push(
          `<path d="M0 ${base} Q${mid} ${peak} ${w} ${base + h * 0.05} L${w} ${h} L0 ${h} Z" fill="${ink}" opacity="${0.2 + layer * 0.12}"/>`,
        );
      }
      break;
    }
    case 'waves': {
      for (let layer = 0; layer < 4; layer++) {
        const y = h * (0.55 + layer * 0.1);
        const amp = h * 0.04;
        let d = `M0 ${y}`;
        for (let x = 0; x <= w; x += w / 4) d += ` Q${x + w / 8} ${y - amp} ${x + w / 4} ${y}`;
        parts.push(`<path d="${d} L${w} ${h} L0 ${h} Z" fill="${ink}" opacity="${0.15 + layer * 0.1}"/>`);
      }
      break;
    }
    case 'cup': {
      const cx = w * 0.75;
      const cy = h * 0.58;
      const r = Math.min(w, h) * 0.16;
      parts.push(
        `<rect x="${cx - r}" y="${cy - r * 0.6}" width="${r * 2}" height="${r * 1.5}" rx="${r * 0.4}" fill="${ink}" opacity="0.45"/>`,
        `<circle cx="${cx + r * 1.05}" cy="${cy}" r="${r * 0.4}" fill="none" stroke="${ink}" stroke-width="${r * 0.15}" opacity="0.45"/>`,
        `<ellipse cx="${cx}" cy="${cy + r}" rx="${r * 1.5}" ry="${r * 0.2}" fill="${ink}" opacity="0.3"/>`,
      );
      for (let s = -1; s <= 1; s++) {
        const sx = cx + s * r * 0.5;
        parts.push(
          `<path d="M${sx} ${cy - r * 0.8} q${r * 0.2} ${-r * 0.3} 0 ${-r * 0.6} q${-r * 0.2} ${-r * 0.3} 0 ${-r * 0.6}" fill="none" stroke="${ink}" stroke-width="${r * 0.08}" opacity="0.4"/>`,
        );
      }
      break;
    }
    case 'house': {
      const cx = w * 0.72;
      const base = h * 0.85;
      const s = Math.min(w, h) * 0.3;
      parts.push(
        `<rect x="${cx - s / 2}" y="${base - s * 0.7}" width="${s}" height="${s * 0.7}" fill="${ink}" opacity="0.4"/>`,
        `<polygon points="${cx - s * 0.65},${base - s * 0.68} ${cx},${base - s * 1.15} ${cx + s * 0.65},${base - s * 0.68}" fill="${ink}" opacity="0.5"/>`,
        `<rect x="${cx - s * 0.1}" y="${base - s * 0.35}" width="${s * 0.2}" height="${s * 0.35}" fill="#ffffff" opacity="0.5"/>`,
      );
      break;
    }
    case 'bag': {
      const cx = w * 0.74;
      const cy = h * 0.6;
      const s = Math.min(w, h) * 0.32;
      parts.push(
        `<path d="M${cx - s * 0.25} ${cy - s * 0.3} a${s * 0.25} ${s * 0.3} 0 0 1 ${s * 0.5} 0" fill="none" stroke="${ink}" stroke-width="${s * 0.06}" opacity="0.5"/>`,
        `<rect x="${cx - s / 2}" y="${cy - s * 0.3}" width="${s}" height="${s * 0.9}" rx="${s * 0.06}" fill="${ink}" opacity="0.4"/>`,
      );
      break;
    }
    case 'menu': {
      const x = w * 0.58;
      const top = h * 0.14;
      parts.push(
        `<rect x="${x}" y="${top}" width="${w * 0.32}" height="${h * 0.76}" rx="${w * 0.01}" fill="#ffffff" opacity="0.85"/>`,
      );
      for (let line = 0; line < 8; line++) {
        const y = top + h * (0.08 + line * 0.08);
        const long = w * (0.12 + rng.next() * 0.1);
        parts.push(
          `<rect x="${x + w * 0.03}" y="${y}" width="${long}" height="${h * 0.025}" fill="${ink}" opacity="0.6"/>`,
          `<rect x="${x + w * 0.25}" y="${y}" width="${w * 0.04}" height="${h * 0.025}" fill="${ink}" opacity="0.6"/>`,
        );
      }
      break;
    }
    case 'sun': {
      const r = Math.min(w, h) * (0.18 + rng.next() * 0.1);
      parts.push(
        `<circle cx="${w * (0.6 + rng.next() * 0.25)}" cy="${h * (0.3 + rng.next() * 0.2)}" r="${r}" fill="#fff4c2" opacity="0.55"/>`,
      );
      break;
    }
  }
  return parts.join('');
}

/** The SVG an image is drawn from (exported for its test). */
export function svgFor(spec: ImageSpec): string {
  const rng = new Rng(hashString(spec.file));
  const hue = spec.hue;
  const from = `hsl(${hue}, 65%, 55%)`;
  const to = `hsl(${(hue + 40 + rng.int(0, 60)) % 360}, 70%, 35%)`;
  const ink = `hsl(${(hue + 180) % 360}, 40%, 20%)`;
  const { width: w, height: h } = spec;
  const font = `font-family="DejaVu Sans, Helvetica, Arial, sans-serif" font-weight="bold" fill="#ffffff"`;
  const defs = `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>`;
  let body: string;
  if (spec.kind === 'avatar') {
    body =
      `<rect width="${w}" height="${h}" fill="url(#g)"/>` +
      `<circle cx="${w / 2}" cy="${h * 0.4}" r="${w * 0.17}" fill="#ffffff" opacity="0.9"/>` +
      `<ellipse cx="${w / 2}" cy="${h * 0.98}" rx="${w * 0.33}" ry="${h * 0.3}" fill="#ffffff" opacity="0.9"/>` +
      `<circle cx="${w / 2}" cy="${h * 1.05}" r="${w * 0.45}" fill="${ink}" opacity="0.12"/>`;
  } else if (spec.kind === 'logo') {
    body =
      `<rect width="${w}" height="${h}" rx="${w * 0.18}" fill="url(#g)"/>` +
      motifSvg(spec.motif, w, h, rng, ink) +
      `<text x="50%" y="50%" dy="0.35em" text-anchor="middle" font-size="${w * 0.5}" ${font}>${escapeXml(spec.title)}</text>`;
  } else {
    body =
      `<rect width="${w}" height="${h}" fill="url(#g)"/>` +
      motifSvg(spec.motif, w, h, rng, ink) +
      `<text x="${w * 0.06}" y="${h * 0.2}" font-size="${h * 0.1}" ${font}>${escapeXml(spec.title)}</text>` +
      (spec.subtitle
        ? `<text x="${w * 0.06}" y="${h * 0.29}" font-size="${h * 0.05}" font-family="DejaVu Sans, Helvetica, Arial, sans-serif" fill="#ffffff" opacity="0.85">${escapeXml(spec.subtitle)}</text>`
        : '');
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">${defs}${body}</svg>`;
}

/**
 * Draws every planned image into `dir` (created if missing); returns how many files it wrote.
 * All are queued at once: sharp works on libuv's thread pool, beside the database work.
 */
export async function renderImages(dir: string, plan: ImagePlan): Promise<number> {
  await mkdir(dir, { recursive: true });
  await Promise.all(
    plan.specs.map(async (spec) => {
      const data = await sharp(Buffer.from(svgFor(spec)))
        .webp({ quality: 78, effort: 0 })
        .toBuffer();
      await writeFile(path.join(dir, spec.file), data);
    }),
  );
  return plan.specs.length;
}

/**
 * Deterministic randomness for the demo seed: no Math.random, no clock. Every generated row is a
 * pure function of (seed, table tag, row index), so a row can be regenerated anywhere (a child
 * table needs its parent's city or date) without keeping millions of rows in memory.
 */

/** murmur3's 32-bit finaliser: a bijection on 32-bit integers with good avalanche. */
export function fmix32(value: number): number {
  let h = value >>> 0;
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** FNV-1a of a string, finalised. */
export function hashString(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return fmix32(h);
}

/** mulberry32: small, fast, good enough for demo data. */
export class Rng {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  /** A float in [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** An integer in [min, max], both inclusive. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  chance(probability: number): boolean {
    return this.next() < probability;
  }

  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)] as T;
  }

  /** `count` distinct items in random order (count is clamped to the list's length). */
  sample<T>(items: readonly T[], count: number): T[] {
    const pool = items.slice();
    const n = Math.min(count, pool.length);
    for (let i = 0; i < n; i++) {
      const j = i + Math.floor(this.next() * (pool.length - i));
      const tmp = pool[i] as T;
      pool[i] = pool[j] as T;
      pool[j] = tmp;
    }
    return pool.slice(0, n);
  }

  /** Picks a key by weight: `weighted([['ACTIVE', 80], ['INACTIVE', 12]])`. */
  weighted<T>(choices: readonly (readonly [T, number])[]): T {
    let total = 0;
    for (const [, weight] of choices) total += weight;
    let roll = this.next() * total;
    for (const [value, weight] of choices) {
      roll -= weight;
      if (roll < 0) return value;
    }
    return (choices[choices.length - 1] as readonly [T, number])[0];
  }

  /** Digits and letters from a pattern: '#' a digit, '@' an upper-case letter, others as is. */
  pattern(template: string): string {
    let out = '';
    for (const ch of template) {
      if (ch === '#') out += String(this.int(0, 9));
      else if (ch === '@') out += String.fromCharCode(65 + this.int(0, 25));
      else out += ch;
    }
    return out;
  }
}

const HEX: string[] = Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, '0'));

function hex32(value: number): string {
  return (
    (HEX[(value >>> 24) & 0xff] as string) +
    (HEX[(value >>> 16) & 0xff] as string) +
    (HEX[(value >>> 8) & 0xff] as string) +
    (HEX[value & 0xff] as string)
  );
}

/**
 * Randomness keyed by the seed and a tag (one per table). `rng(i)` is row i's own generator;
 * `uuid(i)` is row i's primary key: a version-4-shaped UUID whose first 32 bits are a bijection
 * of i, so keys never collide within a tag (for fewer than 2^32 rows).
 */
export class Keyed {
  private readonly salt: number;

  constructor(seed: number, tag: string) {
    this.salt = fmix32(hashString(tag) ^ Math.imul(seed >>> 0, 0x9e3779b1));
  }

  rng(index: number): Rng {
    return new Rng(fmix32((index + this.salt) >>> 0) ^ 0x5bd1e995);
  }

  uuid(index: number): string {
    const a = fmix32((index + this.salt) >>> 0);
    const b = fmix32(a ^ 0x27d4eb2f);
    const c = fmix32(b ^ 0x165667b1);
    const d = fmix32(c ^ 0xd3a2646c);
    const bh = hex32(b);
    const ch = hex32(((c & 0x3fffffff) | 0x80000000) >>> 0);
    return `${hex32(a)}-${bh.slice(0, 4)}-4${bh.slice(5, 8)}-${ch.slice(0, 4)}-${ch.slice(4)}${hex32(d)}`;
  }
}

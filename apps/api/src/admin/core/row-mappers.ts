/** Small conversions every area's `toApi` shares. */
export const iso = (value: unknown): string =>
  value instanceof Date ? value.toISOString() : String(value ?? '');
export const list = (value: unknown): string[] => (Array.isArray(value) ? (value as string[]) : []);
export const text = (value: unknown): string => (typeof value === 'string' ? value : '');
export const optional = (value: unknown): string | null => (typeof value === 'string' ? value : null);

/** The schemes a link from stored content may use (DESIGN §7): http, https and mailto. */
const SAFE_PROTOCOLS = new Set(['http:', 'https:', 'mailto:']);

/**
 * The link itself when it is an absolute http, https or mailto URL, or a path on this origin
 * (an uploaded file); otherwise undefined, and the caller shows no link. `javascript:`, `data:`
 * and the like never become links, however they are spelled.
 */
export function toSafeHref(value: unknown, options: { allowSameOrigin?: boolean } = {}): string | undefined {
  if (typeof value !== 'string') return undefined;
  const href = value.trim();
  if (!href) return undefined;
  if (options.allowSameOrigin && /^\/(?![/\\])/.test(href)) return href;
  try {
    return SAFE_PROTOCOLS.has(new URL(href).protocol) ? href : undefined;
  } catch {
    return undefined;
  }
}

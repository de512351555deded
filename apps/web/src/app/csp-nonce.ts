/**
 * The server sends a strict Content-Security-Policy whose style-src carries a per-response nonce,
 * and writes that nonce into index.html's `<meta name="csp-nonce">` in place of the placeholder.
 * Mantine adds it to the style tags it injects (MantineProvider's getStyleNonce).
 */
/** What the server puts the response's nonce in place of (index.html, the prerendered pages). */
export const NONCE_PLACEHOLDER = '__CSP_NONCE__';

export function readCspNonce(root: ParentNode = document): string | undefined {
  const content = root.querySelector<HTMLMetaElement>('meta[name="csp-nonce"]')?.content.trim();
  if (!content || content === NONCE_PLACEHOLDER) return undefined;
  return content;
}

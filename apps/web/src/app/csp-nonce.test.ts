import { describe, expect, it } from 'vitest';
import { readCspNonce } from './csp-nonce';

function documentWithMeta(content: string | null): Document {
  const doc = document.implementation.createHTMLDocument('test');
  if (content !== null) {
    const meta = doc.createElement('meta');
    meta.name = 'csp-nonce';
    meta.content = content;
    doc.head.append(meta);
  }
  return doc;
}

describe('readCspNonce', () => {
  it('reads the nonce the server wrote into index.html', () => {
    expect(readCspNonce(documentWithMeta('r4nd0m=='))).toBe('r4nd0m==');
  });

  it('ignores the placeholder the server did not replace (development) and a missing tag', () => {
    expect(readCspNonce(documentWithMeta('__CSP_NONCE__'))).toBeUndefined();
    expect(readCspNonce(documentWithMeta(''))).toBeUndefined();
    expect(readCspNonce(documentWithMeta(null))).toBeUndefined();
  });
});

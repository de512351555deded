import { describe, expect, it } from 'vitest';
import { NONCE_PLACEHOLDER } from './app/csp-nonce';
import { renderPage, toSnapshot } from './prerender';

describe('the sign-in page prerendered at build time', () => {
  it('is the sign-in page a visitor without a session sees: its heading, form and placeholders', async () => {
    const html = await renderPage('/');
    expect(html).toContain('Admin Login');
    expect(html).toMatch(/<input[^>]*type="email"|<input[^>]*name="email"/);
    expect(html).toContain('Forgot Password?');
  });

  it('is inert, hidden from assistive technology, read-only, script-free and carries its styles as rules under the nonce', async () => {
    const snapshot = toSnapshot(await renderPage('/'));
    const container = document.createElement('div');
    container.innerHTML = snapshot;
    const root = container.firstElementChild!;
    expect(root.hasAttribute('inert')).toBe(true);
    expect(root.getAttribute('aria-hidden')).toBe('true');
    expect(root.hasAttribute('data-prerender')).toBe(true);
    expect(container.querySelectorAll('script')).toHaveLength(0);
    expect(container.querySelectorAll('[style]')).toHaveLength(0);
    const inputs = [...container.querySelectorAll('input')];
    expect(inputs.length).toBeGreaterThanOrEqual(2);
    for (const input of inputs) expect(input.readOnly).toBe(true);
    for (const style of container.querySelectorAll('style')) {
      expect(style.getAttribute('nonce')).toBe(NONCE_PLACEHOLDER);
    }
    expect(snapshot).toContain(':root[data-signed-in] [data-prerender]{display:none}');
  });

  it('turns each style attribute into a rule, decoding its entities, once per declaration list', () => {
    const snapshot = toSnapshot(
      '<p style="font-family:&quot;A&quot;, serif">a</p><p style="font-family:&quot;A&quot;, serif">b</p><b style="color:red">c</b><script>x()</script>',
    );
    expect(snapshot).toContain('#root [data-prerender-style="0"]{font-family:"A", serif}');
    expect(snapshot).toContain('#root [data-prerender-style="1"]{color:red}');
    expect(snapshot.match(/data-prerender-style="0"/g)).toHaveLength(3);
    expect(snapshot).not.toContain('x()');
  });
});

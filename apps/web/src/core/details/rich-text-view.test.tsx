import { MantineProvider } from '@mantine/core';
import type { RichTextNode } from '@roam/contract/entities';
import { MESSAGES } from '@roam/contract/messages';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { RichTextView } from './rich-text-view';

function renderDocument(document: unknown) {
  return render(
    <MantineProvider env="test">
      <RichTextView document={document} />
    </MantineProvider>,
  );
}

const text = (value: string, marks?: RichTextNode['marks']): RichTextNode => ({
  type: 'text',
  text: value,
  marks,
});
const paragraph = (...content: RichTextNode[]): RichTextNode => ({ type: 'paragraph', content });
const doc = (...content: RichTextNode[]): RichTextNode => ({ type: 'doc', content });

describe('RichTextView', () => {
  it('renders the allowed nodes and marks as elements', () => {
    const { container } = renderDocument(
      doc(
        { type: 'heading', attrs: { level: 1 }, content: [text('Old town walk')] },
        paragraph(
          text('bold', [{ type: 'bold' }]),
          text('italic', [{ type: 'italic' }]),
          text('under', [{ type: 'underline' }]),
          text('struck', [{ type: 'strike' }]),
          text('mono', [{ type: 'code' }]),
          text('up', [{ type: 'superscript' }]),
          text('down', [{ type: 'subscript' }]),
          text('red', [{ type: 'textStyle', attrs: { color: '#ff0000' } }]),
          { type: 'hardBreak' },
          text('the map', [{ type: 'link', attrs: { href: 'https://example.com/map' } }]),
        ),
        { type: 'blockquote', content: [paragraph(text('quoted'))] },
        { type: 'codeBlock', content: [text('let a = 1;')] },
        { type: 'bulletList', content: [{ type: 'listItem', content: [paragraph(text('first'))] }] },
        {
          type: 'orderedList',
          attrs: { start: 3 },
          content: [{ type: 'listItem', content: [paragraph(text('third'))] }],
        },
        { type: 'horizontalRule' },
      ),
    );

    // The page has its own h1: the document's Heading 1 sits under it.
    expect(screen.getByRole('heading', { level: 2, name: 'Old town walk' })).toBeInTheDocument();
    expect(screen.getByText('bold').tagName).toBe('STRONG');
    expect(screen.getByText('italic').tagName).toBe('EM');
    expect(screen.getByText('under').tagName).toBe('U');
    expect(screen.getByText('struck').tagName).toBe('S');
    expect(screen.getByText('mono').tagName).toBe('CODE');
    expect(screen.getByText('up').tagName).toBe('SUP');
    expect(screen.getByText('down').tagName).toBe('SUB');
    expect(screen.getByText('red')).toHaveStyle({ color: 'rgb(255, 0, 0)' });
    const link = screen.getByRole('link', { name: 'the map' });
    expect(link).toHaveAttribute('href', 'https://example.com/map');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    expect(screen.getByText('quoted').closest('blockquote')).not.toBeNull();
    expect(screen.getByText('let a = 1;').closest('pre')).not.toBeNull();
    expect(screen.getByText('first').closest('ul')).not.toBeNull();
    expect(screen.getByText('third').closest('ol')).toHaveAttribute('start', '3');
    expect(container.querySelector('br')).not.toBeNull();
    expect(container.querySelector('hr')).not.toBeNull();
  });

  it('never turns a javascript: or data: link into a link', () => {
    renderDocument(
      doc(
        paragraph(
          text('click me', [{ type: 'link', attrs: { href: 'javascript:alert(1)' } }]),
          text(' and '),
          text('me too', [{ type: 'link', attrs: { href: ' JaVaScRiPt:alert(1)' } }]),
          text(' and '),
          text('data', [{ type: 'link', attrs: { href: 'data:text/html,<script>alert(1)</script>' } }]),
          text(' and '),
          text('mail', [{ type: 'link', attrs: { href: 'mailto:team@example.com' } }]),
        ),
      ),
    );
    expect(screen.getAllByRole('link').map((link) => link.textContent)).toEqual(['mail']);
    expect(screen.getByText(/click me/)).toBeInTheDocument();
  });

  it('renders raw HTML and script-like nodes as text or nothing', () => {
    const { container } = renderDocument(
      doc(
        paragraph(text('<img src=x onerror="alert(1)"><b>not bold</b>')),
        { type: 'script', content: [text('alert(2)')] },
        { type: 'iframe', attrs: { src: 'https://evil.example' } },
        paragraph(text('styled', [{ type: 'textStyle', attrs: { color: 'red;background:url(x)' } }])),
      ),
    );
    expect(screen.getByText('<img src=x onerror="alert(1)"><b>not bold</b>')).toBeInTheDocument();
    expect(container.querySelector('img, b, script, iframe')).toBeNull();
    expect(screen.getByText('alert(2)').tagName).not.toBe('SCRIPT');
    expect(screen.getByText('styled')).not.toHaveAttribute('style');

    const { container: raw } = renderDocument('<script>alert(3)</script>');
    expect(raw.querySelector('script')).toBeNull();
    expect(screen.getByText('<script>alert(3)</script>')).toBeInTheDocument();
  });

  it("says 'Not available' for an empty or missing document", () => {
    renderDocument(doc(paragraph()));
    renderDocument(null);
    expect(screen.getAllByText(MESSAGES.notAvailable)).toHaveLength(2);
  });
});

import '@mantine/core/styles/Typography.layer.css';
import { Text, Typography } from '@mantine/core';
import type { RichTextNode } from '@roam/contract/entities';
import { MESSAGES } from '@roam/contract/messages';
import { createElement, Fragment, type ReactNode } from 'react';
import { toSafeHref } from './safe-href';

/**
 * A stored TipTap document shown read-only (DESIGN §7), with no raw HTML anywhere: the JSON is
 * walked and each allowed node and mark becomes a React element; text is always text. A node
 * that is not allowed shows its children (or nothing), a mark that is not allowed is dropped, a
 * link that is not http, https or mailto stays plain text.
 */
type RichTextViewProps = {
  /** The document; anything that is not a document (a string, null) shows as plain text or nothing. */
  document: unknown;
  /**
   * The level the document's highest heading takes, so that its headings sit under the page's own
   * (2 by default: under the h1; 3 under a section's h2). The others keep their distance to it, and
   * nothing goes below h6: the outline never skips a level.
   */
  topLevel?: number;
  /** Shown when the document has no text. */
  emptyText?: string;
};

/** Deeper documents than this are cut off: a crafted document must not exhaust the stack. */
const MAX_DEPTH = 40;

const BLOCK_TAGS: Readonly<Record<string, string>> = {
  paragraph: 'p',
  blockquote: 'blockquote',
  bulletList: 'ul',
  listItem: 'li',
};

/** Colours as the editor's colour picker writes them: hex, rgb(a), hsl(a) or a colour name. */
const SAFE_COLOR = /^(#[0-9a-f]{3,8}|rgba?\([\d\s.,%]+\)|hsla?\([\d\s.,%deg]+\)|[a-z]{3,30})$/i;

type Mark = NonNullable<RichTextNode['marks']>[number];

export function RichTextView({
  document,
  topLevel = 2,
  emptyText = MESSAGES.notAvailable,
}: RichTextViewProps) {
  if (typeof document === 'string') {
    return document.trim() ? (
      <Text style={{ whiteSpace: 'pre-wrap' }}>{document}</Text>
    ) : (
      <EmptyText text={emptyText} />
    );
  }
  if (!isNode(document) || !hasText(document, 0)) return <EmptyText text={emptyText} />;
  const headingOffset = topLevel - highestHeading(document, 0);
  return <Typography>{renderNode(document, 0, headingOffset)}</Typography>;
}

function EmptyText({ text }: { text: string }) {
  return <Text c="dimmed">{text}</Text>;
}

function isNode(value: unknown): value is RichTextNode {
  return (
    typeof value === 'object' && value !== null && typeof (value as { type?: unknown }).type === 'string'
  );
}

function hasText(node: RichTextNode, depth: number): boolean {
  if (depth > MAX_DEPTH) return false;
  if (node.type === 'text') return typeof node.text === 'string' && node.text.trim() !== '';
  if (node.type === 'horizontalRule') return true;
  return (
    Array.isArray(node.content) && node.content.some((child) => isNode(child) && hasText(child, depth + 1))
  );
}

/** Children are passed as arguments, not as an array, so React needs no keys for them. */
function renderChildren(node: RichTextNode, depth: number, headingOffset: number): ReactNode[] {
  if (depth >= MAX_DEPTH || !Array.isArray(node.content)) return [];
  return node.content.filter(isNode).map((child) => renderNode(child, depth + 1, headingOffset));
}

function renderNode(node: RichTextNode, depth: number, headingOffset: number): ReactNode {
  const children = () => renderChildren(node, depth, headingOffset);
  const blockTag = BLOCK_TAGS[node.type];
  if (blockTag) return createElement(blockTag, null, ...children());

  switch (node.type) {
    case 'text':
      return typeof node.text === 'string' ? renderMarks(node.text, node.marks) : null;
    case 'heading':
      return createElement(`h${headingLevel(node.attrs?.level, headingOffset)}`, null, ...children());
    case 'orderedList':
      return createElement('ol', { start: listStart(node.attrs?.start) }, ...children());
    case 'codeBlock':
      return createElement('pre', null, createElement('code', null, ...children()));
    case 'hardBreak':
      return createElement('br');
    case 'horizontalRule':
      return createElement('hr');
    default:
      // The document itself, and any node not allowed: its content only, never the node.
      return createElement(Fragment, null, ...children());
  }
}

function statedLevel(level: unknown): number {
  return typeof level === 'number' && Number.isInteger(level) ? Math.min(6, Math.max(1, level)) : 1;
}

/** The smallest heading level in the document (6 when it has none). */
function highestHeading(node: RichTextNode, depth: number): number {
  if (depth > MAX_DEPTH) return 6;
  const own = node.type === 'heading' ? statedLevel(node.attrs?.level) : 6;
  const children = (node.content ?? []).filter(isNode).map((child) => highestHeading(child, depth + 1));
  return Math.min(own, ...children);
}

function headingLevel(level: unknown, offset: number): number {
  return Math.min(6, Math.max(1, statedLevel(level) + offset));
}

function listStart(start: unknown): number | undefined {
  return typeof start === 'number' && Number.isInteger(start) && start > 1 ? start : undefined;
}

/** Wraps the text in one element per allowed mark; a mark that is not allowed leaves it as it is. */
function renderMarks(text: string, marks: readonly Mark[] | undefined): ReactNode {
  let element: ReactNode = text;
  for (const mark of marks ?? []) element = applyMark(element, mark);
  return element;
}

function applyMark(element: ReactNode, mark: Mark): ReactNode {
  switch (mark.type) {
    case 'bold':
      return createElement('strong', null, element);
    case 'italic':
      return createElement('em', null, element);
    case 'underline':
      return createElement('u', null, element);
    case 'strike':
      return createElement('s', null, element);
    case 'code':
      return createElement('code', null, element);
    case 'superscript':
      return createElement('sup', null, element);
    case 'subscript':
      return createElement('sub', null, element);
    case 'textStyle': {
      const color = mark.attrs?.color;
      return typeof color === 'string' && SAFE_COLOR.test(color.trim())
        ? createElement('span', { style: { color: color.trim() } }, element)
        : element;
    }
    case 'link': {
      const href = toSafeHref(mark.attrs?.href);
      return href
        ? createElement('a', { href, target: '_blank', rel: 'noopener noreferrer' }, element)
        : element;
    }
    default:
      return element;
  }
}

import { z } from 'zod';
import type { RichTextNode } from './entities';
import { lazySchema } from './lazy-schema';

/**
 * The rich text of a thing to do (DESIGN §7): the editor's (TipTap's) JSON document, checked
 * against what the editor offers before it is stored. Nodes: the document, paragraphs, headings 1
 * to 6, blockquotes, code blocks, bullet and ordered lists, line breaks, rules. Marks: bold,
 * italic, underline, strike, code, superscript, subscript, colour (textStyle) and link, whose
 * href is http, https or mailto only. Anything else, and any attribute the editor does not write,
 * is refused with the place it was found.
 */
export const RICH_TEXT_MAX_BYTES = 200 * 1024;
/** Deeper documents are refused: a crafted document must not exhaust a stack. */
export const RICH_TEXT_MAX_DEPTH = 40;

const SAFE_PROTOCOLS = new Set(['http:', 'https:', 'mailto:']);

/** Whether a link is an absolute http, https or mailto URL, however it is spelled. */
export function isSafeHref(value: unknown): value is string {
  if (typeof value !== 'string' || !value.trim()) return false;
  try {
    return SAFE_PROTOCOLS.has(new URL(value.trim()).protocol);
  } catch {
    return false;
  }
}

/** Colours as the editor's colour picker writes them: hex, rgb(a), hsl(a) or a colour name. */
export const SAFE_COLOR = /^(#[0-9a-f]{3,8}|rgba?\([\d\s.,%]+\)|hsla?\([\d\s.,%deg]+\)|[a-z]{3,30})$/i;

type AttrCheck = (value: unknown) => boolean;
const isNull = (value: unknown) => value === null || value === undefined;
const orNull =
  (check: AttrCheck): AttrCheck =>
  (value) =>
    isNull(value) || check(value);
const shortText: AttrCheck = (value) => typeof value === 'string' && value.length <= 100;
const alignment = orNull((value) => ['left', 'center', 'right', 'justify'].includes(String(value)));

const NODES: Readonly<Record<string, Readonly<Record<string, AttrCheck>>>> = {
  doc: {},
  paragraph: { textAlign: alignment },
  text: {},
  heading: {
    level: (value) => typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= 6,
    textAlign: alignment,
  },
  blockquote: {},
  codeBlock: { language: orNull(shortText) },
  bulletList: {},
  orderedList: {
    start: orNull((value) => typeof value === 'number' && Number.isInteger(value) && value >= 0),
    type: orNull(shortText),
  },
  listItem: {},
  hardBreak: {},
  horizontalRule: {},
};

const MARKS: Readonly<Record<string, Readonly<Record<string, AttrCheck>>>> = {
  bold: {},
  italic: {},
  underline: {},
  strike: {},
  code: {},
  superscript: {},
  subscript: {},
  textStyle: { color: orNull((value) => typeof value === 'string' && SAFE_COLOR.test(value.trim())) },
  link: {
    href: isSafeHref,
    target: orNull((value) => value === '_blank' || value === '_self'),
    rel: orNull(shortText),
    class: isNull,
    title: orNull(shortText),
  },
};

function attrsProblem(
  attrs: unknown,
  allowed: Readonly<Record<string, AttrCheck>>,
  where: string,
  kind: string,
): string | undefined {
  if (attrs === undefined) return undefined;
  if (typeof attrs !== 'object' || attrs === null || Array.isArray(attrs))
    return `${where}: attrs must be an object`;
  for (const [key, value] of Object.entries(attrs)) {
    const check = allowed[key];
    if (!check) return `${where}: ${kind} does not take the attribute ${key}`;
    if (!check(value)) {
      return kind === 'link' && key === 'href'
        ? `${where}: a link must be http, https or mailto`
        : `${where}: ${kind} has an invalid ${key}`;
    }
  }
  return undefined;
}

function nodeProblem(node: unknown, where: string, depth: number): string | undefined {
  if (depth > RICH_TEXT_MAX_DEPTH) return `${where}: the document is nested too deeply`;
  if (typeof node !== 'object' || node === null || Array.isArray(node)) return `${where}: must be a node`;
  const { type, text, attrs, marks, content, ...rest } = node as Record<string, unknown>;
  const [extra] = Object.keys(rest);
  if (extra) return `${where}: unknown key ${extra}`;
  if (typeof type !== 'string' || !(type in NODES)) return `${where}: ${String(type)} is not an allowed node`;
  if (depth === 0 && type !== 'doc') return `${where}: must be a doc`;
  if (depth > 0 && type === 'doc') return `${where}: doc is only allowed at the top`;
  const attrsIssue = attrsProblem(attrs, NODES[type]!, where, type);
  if (attrsIssue) return attrsIssue;
  if (type === 'text') {
    if (typeof text !== 'string' || text === '') return `${where}: a text node needs its text`;
  } else if (text !== undefined) return `${where}: only text nodes have text`;
  if (marks !== undefined) {
    if (type !== 'text' || !Array.isArray(marks)) return `${where}: only text nodes have marks`;
    for (const [index, mark] of marks.entries()) {
      const markWhere = `${where}.marks[${index}]`;
      if (typeof mark !== 'object' || mark === null) return `${markWhere}: must be a mark`;
      const { type: markType, attrs: markAttrs, ...markRest } = mark as Record<string, unknown>;
      const [markExtra] = Object.keys(markRest);
      if (markExtra) return `${markWhere}: unknown key ${markExtra}`;
      if (typeof markType !== 'string' || !(markType in MARKS))
        return `${markWhere}: ${String(markType)} is not an allowed mark`;
      const markIssue = attrsProblem(markAttrs, MARKS[markType]!, markWhere, markType);
      if (markIssue) return markIssue;
    }
  }
  if (content !== undefined) {
    if (type === 'text' || !Array.isArray(content)) return `${where}: content must be a list of nodes`;
    for (const [index, child] of content.entries()) {
      const issue = nodeProblem(child, `${where}.content[${index}]`, depth + 1);
      if (issue) return issue;
    }
  }
  return undefined;
}

/**
 * What is wrong with a document, naming where (`content[0].marks[1]: a link must be http, https or
 * mailto`); undefined when it is fine.
 */
export function richTextProblem(document: unknown): string | undefined {
  return nodeProblem(document, 'document', 0)
    ?.replace(/^document\.?/, '')
    .replace(/^: /, '');
}

/** A stored document, checked. */
export const richTextDocumentSchema = lazySchema(() =>
  z.unknown().transform((value, ctx) => {
    const problem = richTextProblem(value);
    if (problem) {
      ctx.addIssue({ code: 'custom', message: problem });
      return z.NEVER;
    }
    return value as RichTextNode;
  }),
);

/** The multipart field: the document as JSON text, at most 200 KB. */
export const richTextFieldSchema = lazySchema(() =>
  z
    .string()
    .refine((text) => new TextEncoder().encode(text).length <= RICH_TEXT_MAX_BYTES, {
      message: `must be at most ${RICH_TEXT_MAX_BYTES / 1024} KB`,
    })
    .transform((text, ctx) => {
      try {
        return JSON.parse(text) as unknown;
      } catch {
        ctx.addIssue({ code: 'custom', message: 'must be a JSON document' });
        return z.NEVER;
      }
    })
    .pipe(richTextDocumentSchema),
);

/** An empty document, the editor's starting point. */
export const EMPTY_DOCUMENT: RichTextNode = { type: 'doc', content: [{ type: 'paragraph' }] };

import { describe, expect, it } from 'vitest';
import {
  cityFieldsSchema,
  exploreEditFieldsSchema,
  promoFieldsSchema,
  userUpdateFieldsSchema,
} from './forms';
import { MESSAGES } from './messages';
import { richTextProblem } from './rich-text';

const firstIssue = (result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) =>
  result.error ? `${result.error.issues[0]!.path.join('.')}: ${result.error.issues[0]!.message}` : undefined;

describe('city fields', () => {
  it('take a known country, its ISO code and a currency (the country’s own when empty)', () => {
    expect(
      cityFieldsSchema.parse({ name: ' Lisbon ', country_name: 'portugal', ISO: 'pt', currency: '' }),
    ).toEqual({
      name: 'Lisbon',
      countryName: 'Portugal',
      countryIso: 'PT',
      currency: 'EUR',
    });
    expect(
      cityFieldsSchema.parse({ name: 'Oaxaca', country_name: 'Mexico', ISO: 'MX', currency: 'usd' }).currency,
    ).toBe('USD');
  });

  it('give the spec’s live messages and name what does not match', () => {
    expect(firstIssue(cityFieldsSchema.safeParse({ name: '', country_name: 'Mexico', ISO: 'MX' }))).toBe(
      `name: ${MESSAGES.enterCityName}`,
    );
    expect(firstIssue(cityFieldsSchema.safeParse({ name: 'A', country_name: '', ISO: 'MX' }))).toBe(
      `country_name: ${MESSAGES.selectCountryName}`,
    );
    expect(firstIssue(cityFieldsSchema.safeParse({ name: 'A', country_name: 'Mexico', ISO: '' }))).toBe(
      `ISO: ${MESSAGES.selectCountryIso}`,
    );
    expect(firstIssue(cityFieldsSchema.safeParse({ name: 'A', country_name: 'Atlantis', ISO: 'MX' }))).toBe(
      'country_name: is not a known country',
    );
    expect(firstIssue(cityFieldsSchema.safeParse({ name: 'A', country_name: 'Mexico', ISO: 'QQ' }))).toBe(
      'ISO: is not an ISO 3166-1 alpha-2 code',
    );
    expect(firstIssue(cityFieldsSchema.safeParse({ name: 'A', country_name: 'Mexico', ISO: 'US' }))).toBe(
      'ISO: does not match Mexico',
    );
    expect(
      firstIssue(
        cityFieldsSchema.safeParse({ name: 'A', country_name: 'Mexico', ISO: 'MX', currency: 'ZZZ' }),
      ),
    ).toBe('currency: is not an ISO 4217 currency code');
    expect(
      firstIssue(cityFieldsSchema.safeParse({ name: 'A\u0007', country_name: 'Mexico', ISO: 'MX' })),
    ).toBe('name: must not contain control characters');
  });
});

describe('promo fields', () => {
  const promo = {
    name: 'Summer',
    description: 'Deals',
    type: 'cafe',
    internal_url: '/cafe',
    external_url: 'https://example.com/x',
    city: '',
  };
  it('take a path inside the app and an http(s) link; an empty city is none', () => {
    expect(promoFieldsSchema.parse(promo).city).toBeUndefined();
  });
  it('refuse other links and types', () => {
    expect(firstIssue(promoFieldsSchema.safeParse({ ...promo, external_url: 'javascript:alert(1)' }))).toBe(
      'external_url: must be an http or https link',
    );
    expect(firstIssue(promoFieldsSchema.safeParse({ ...promo, internal_url: '//evil.example' }))).toBe(
      'internal_url: must be a path starting with /',
    );
    expect(firstIssue(promoFieldsSchema.safeParse({ ...promo, type: 'hotel' }))).toMatch(
      /^type: must be one of/,
    );
    expect(firstIssue(promoFieldsSchema.safeParse({ ...promo, city: 'x' }))).toBe('city: must be a city id');
  });
});

describe('explore fields', () => {
  const body = JSON.stringify({
    type: 'doc',
    content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Hi' }] }],
  });
  const cityID = '7f1c8e8a-1b2c-4d3e-8f90-123456789abc';
  it('parse the body and the images’ order', () => {
    const fields = exploreEditFieldsSchema.parse({
      title: 'Walk',
      body,
      cityID,
      imageurl: '["/uploads/a.webp","new:0"]',
    });
    expect(fields.body).toEqual(JSON.parse(body));
    expect(fields.imageurl).toEqual(['/uploads/a.webp', 'new:0']);
  });
  it('refuse a document the editor cannot write, naming where', () => {
    const bad = JSON.stringify({ type: 'doc', content: [{ type: 'script', content: [] }] });
    expect(firstIssue(exploreEditFieldsSchema.safeParse({ title: 'Walk', body: bad, cityID }))).toBe(
      'body: content[0]: script is not an allowed node',
    );
    expect(
      firstIssue(exploreEditFieldsSchema.safeParse({ title: 'Walk', body: 'x'.repeat(210_000), cityID })),
    ).toBe('body: must be at most 200 KB');
    expect(firstIssue(exploreEditFieldsSchema.safeParse({ title: '', body, cityID }))).toBe(
      `title: ${MESSAGES.enterTitle}`,
    );
    expect(
      firstIssue(exploreEditFieldsSchema.safeParse({ title: 'A', body, cityID, status: 'DELETED' })),
    ).toBe('status: must be ACTIVE or INACTIVE');
  });
});

describe('rich text', () => {
  const doc = (content: unknown[]) => ({ type: 'doc', content });
  const text = (marks?: unknown[]) => ({ type: 'text', text: 'x', ...(marks ? { marks } : {}) });
  it('accepts what the editor writes: headings, lists, marks, colour, links', () => {
    expect(
      richTextProblem(
        doc([
          { type: 'heading', attrs: { level: 3, textAlign: null }, content: [text([{ type: 'bold' }])] },
          {
            type: 'orderedList',
            attrs: { start: 1, type: null },
            content: [{ type: 'listItem', content: [{ type: 'paragraph', content: [text()] }] }],
          },
          {
            type: 'paragraph',
            content: [
              text([
                { type: 'textStyle', attrs: { color: '#ff0000' } },
                {
                  type: 'link',
                  attrs: {
                    href: 'mailto:a@b.c',
                    target: '_blank',
                    rel: 'noopener noreferrer nofollow',
                    class: null,
                  },
                },
              ]),
            ],
          },
          { type: 'codeBlock', attrs: { language: null }, content: [text()] },
          { type: 'blockquote', content: [{ type: 'paragraph' }] },
        ]),
      ),
    ).toBeUndefined();
  });
  it('refuses scripts in links, unknown marks and attributes, and deep nesting', () => {
    expect(
      richTextProblem(
        doc([
          { type: 'paragraph', content: [text([{ type: 'link', attrs: { href: ' JavaScript:alert(1)' } }])] },
        ]),
      ),
    ).toBe('content[0].content[0].marks[0]: a link must be http, https or mailto');
    expect(richTextProblem(doc([{ type: 'paragraph', content: [text([{ type: 'highlight' }])] }]))).toBe(
      'content[0].content[0].marks[0]: highlight is not an allowed mark',
    );
    expect(richTextProblem(doc([{ type: 'paragraph', attrs: { onclick: 'x' } }]))).toBe(
      'content[0]: paragraph does not take the attribute onclick',
    );
    let deep: unknown = text();
    for (let i = 0; i < 50; i += 1) deep = { type: 'blockquote', content: [deep] };
    expect(richTextProblem(doc([deep]))).toMatch(/nested too deeply/);
  });
});

describe('user update fields', () => {
  it('need a full name and a username of letters, digits, dot, dash or underscore', () => {
    expect(userUpdateFieldsSchema.parse({ fullname: 'Ana', username: 'ana.m_1' })).toEqual({
      fullname: 'Ana',
      username: 'ana.m_1',
    });
    expect(firstIssue(userUpdateFieldsSchema.safeParse({ fullname: 'Ana', username: 'ana m' }))).toMatch(
      /^username:/,
    );
    expect(firstIssue(userUpdateFieldsSchema.safeParse({ fullname: ' ', username: 'ana' }))).toBe(
      `fullname: ${MESSAGES.fullNameRequired}`,
    );
  });
});

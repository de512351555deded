import type { Rng } from './random';
import { BEST_TIMES, EXPLORE_BRING, EXPLORE_INTROS, EXPLORE_TIPS } from './words';

export type DocMark = { type: string; attrs?: Record<string, unknown> };

/** A TipTap (ProseMirror) JSON node, as the editor stores it. */
export type DocNode = {
  type: string;
  text?: string;
  attrs?: Record<string, unknown>;
  marks?: DocMark[];
  content?: DocNode[];
};

const text = (value: string, ...marks: DocMark[]): DocNode =>
  marks.length ? { type: 'text', text: value, marks } : { type: 'text', text: value };
const paragraph = (...content: DocNode[]): DocNode => ({ type: 'paragraph', content });
const heading = (level: number, value: string): DocNode => ({
  type: 'heading',
  attrs: { level },
  content: [text(value)],
});
const bold = { type: 'bold' };
const italic = { type: 'italic' };
const link = (href: string): DocMark => ({
  type: 'link',
  attrs: { href, target: '_blank', rel: 'noopener noreferrer nofollow', class: null },
});

function fill(template: string, vars: { city: string; district: string }): string {
  return template.replaceAll('{city}', vars.city).replaceAll('{district}', vars.district);
}

/**
 * The body of a "things to do" item: a heading, paragraphs with bold and italic runs, a bullet
 * list and a link to read more about the city.
 */
export function exploreBody(rng: Rng, vars: { city: string; district: string; title: string }): DocNode {
  const intro = fill(rng.pick(EXPLORE_INTROS), vars);
  const tip = rng.pick(EXPLORE_TIPS);
  const bring = rng.sample(EXPLORE_BRING, rng.int(3, 5));
  const hours = rng.int(2, 6);
  const wiki = `https://en.wikipedia.org/wiki/${encodeURIComponent(vars.city.replaceAll(' ', '_'))}`;
  return {
    type: 'doc',
    content: [
      heading(2, 'About this experience'),
      paragraph(text(`${intro} `), text('Best time to go: ', bold), text(`${rng.pick(BEST_TIMES)}.`)),
      paragraph(text(`Plan about ${hours} hours. `), text(tip, italic)),
      heading(3, 'What to bring'),
      {
        type: 'bulletList',
        content: bring.map((item) => ({ type: 'listItem', content: [paragraph(text(item))] })),
      },
      heading(3, 'Good to know'),
      paragraph(
        text(`${vars.title} is open to everyone in the community. `),
        text('Free', bold, italic),
        text(' for members, and you can read more about '),
        text(vars.city, link(wiki)),
        text(' before you go.'),
      ),
    ],
  };
}

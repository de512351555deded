import { AREA_NAMES, AREAS, type DetailAreaName, isDetailArea } from '@roam/contract/areas';
import { groupDetailResponseSchema, profileDataResponseSchema } from '@roam/contract/details';
import { adminMeSchema } from '@roam/contract/entities';
import { lazySchema } from '@roam/contract/lazy-schema';
import { pageCursorsSchema, tileCountsSchema } from '@roam/contract/lists';
import { z } from 'zod';
import { type DescribedAnswer, shapeOf } from './answer-shape';

/**
 * A list's answer as the list screen reads it: its counts and cursors checked, the rest (the rows,
 * under the area's key) kept as they came; each row is the list's to show, cell by cell.
 */
const listEnvelopeSchema = lazySchema(() =>
  tileCountsSchema
    .extend({ searchcount: z.number().int() })
    .extend(pageCursorsSchema.partial().shape)
    .passthrough(),
);
export type ListEnvelope = z.infer<typeof listEnvelopeSchema>;

type FirstAnswerShapes = {
  /** GET /admin/me, which every signed-in page waits for. */
  me: DescribedAnswer;
  listEnvelope: DescribedAnswer;
  /** Each area's item, on its detail page. */
  items: Record<DetailAreaName, DescribedAnswer>;
  /** A user's profile. */
  profile: DescribedAnswer;
  /** A group with a page of its members. */
  group: DescribedAnswer;
};

let shapes: FirstAnswerShapes | undefined;

/**
 * The shapes of the answers a page paints first (lib/answer-shape.ts), read without zod. The build
 * runs this module and puts its value in its place (vite.config.ts, `answerShapesAtBuild`): the
 * panel gets the shapes as data, not the schemas. Here (the tests, the development server) they are
 * made on first use, as the schemas are.
 */
export function firstAnswerShapes(): FirstAnswerShapes {
  shapes ??= {
    me: shapeOf(adminMeSchema),
    listEnvelope: shapeOf(listEnvelopeSchema),
    items: Object.fromEntries(
      AREA_NAMES.filter(isDetailArea).map((name) => [name, shapeOf(AREAS[name].detail.schema)]),
    ) as Record<DetailAreaName, DescribedAnswer>,
    profile: shapeOf(profileDataResponseSchema),
    group: shapeOf(groupDetailResponseSchema),
  };
  return shapes;
}

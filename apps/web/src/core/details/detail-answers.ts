import { AREA_NAMES, AREAS, type DetailAreaName, isDetailArea } from '@roam/contract/areas';
import { profileDataResponseSchema } from '@roam/contract/details';
import { type DescribedAnswer, shapeOf } from '../../lib/answer-shape';

type DetailAnswerShapes = { items: Record<DetailAreaName, DescribedAnswer>; profile: DescribedAnswer };

let shapes: DetailAnswerShapes | undefined;

/**
 * The shapes of the answers a detail page paints first (lib/answer-shape.ts): each area's item and a
 * user's profile, read without zod. The build runs this module and puts its value in its place
 * (vite.config.ts, `answerShapesAtBuild`): the panel gets the shapes as data, not the schemas. Here
 * (the tests, the development server) they are made on first use, as the schemas are.
 */
export function detailAnswerShapes(): DetailAnswerShapes {
  shapes ??= {
    items: Object.fromEntries(
      AREA_NAMES.filter(isDetailArea).map((name) => [name, shapeOf(AREAS[name].detail.schema)]),
    ) as Record<DetailAreaName, DescribedAnswer>,
    profile: shapeOf(profileDataResponseSchema),
  };
  return shapes;
}

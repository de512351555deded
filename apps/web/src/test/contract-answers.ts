import { activeUsersAnswerSchema, graphAnswerSchema } from '@roam/contract/analytics';
import {
  AREA_NAMES,
  AREAS,
  type AreaDefinition,
  callPath,
  formAnswerSchema,
  isFormArea,
} from '@roam/contract/areas';
import { auditResponseSchema } from '@roam/contract/audit';
import {
  groupDetailResponseSchema,
  profileDataResponseSchema,
  reviewsResponseSchema,
} from '@roam/contract/details';
import { downloadListSchema } from '@roam/contract/downloads';
import { adminMeSchema, analyticsCountsSchema } from '@roam/contract/entities';
import { errorBodySchema, messageBodySchema } from '@roam/contract/errors';
import { pageCursorsSchema, tileCountsSchema } from '@roam/contract/lists';
import { mfaPolicySchema } from '@roam/contract/mfa';
import { notificationSettingsSchema } from '@roam/contract/notifications';
import { z } from 'zod';

/**
 * The contract's answer for a GET the panel makes, so that the fake server's answers (the tests'
 * fixtures) are checked against the same schemas as the real server's: a contract change that the
 * fixtures no longer match fails the panel's tests.
 */
const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';

const escapeSlashes = (path: string) => path.replace(/[/]/g, '\\/');

const ANSWERS: readonly [RegExp, z.ZodType][] = [
  [/^\/admin\/me$/, adminMeSchema],
  [/^\/admin\/audit$/, auditResponseSchema],
  [/^\/admin\/downloads$/, downloadListSchema],
  [/^\/admin\/security\/mfa-policy$/, mfaPolicySchema],
  [/^\/notifications\/setting$/, notificationSettingsSchema],
  [/^\/admin\/analytics\/allcount$/, analyticsCountsSchema],
  [/^\/admin\/analytics\/users$/, activeUsersAnswerSchema],
  [/^\/admin\/analytics\/graph\/(users|groups)$/, graphAnswerSchema],
  [/^\/admin\/users\/profile\/data$/, profileDataResponseSchema],
  ...AREA_NAMES.flatMap((name): [RegExp, z.ZodType][] => {
    const area = AREAS[name] as AreaDefinition;
    const { path, responseKey, row, totalKey } = area.list;
    const list = z
      .object({
        [responseKey]: z.array(row),
        searchcount: z.number().int(),
        ...(totalKey ? { [totalKey]: z.number().int() } : {}),
      })
      .extend(tileCountsSchema.shape)
      // The cursors are the server's to give; a fake without them pages by skip.
      .extend(pageCursorsSchema.partial().shape);
    return [
      [new RegExp(`^${escapeSlashes(`/admin${path}`)}$`), list],
      ...(area.detail
        ? [
            [new RegExp(`^${escapeSlashes(`/admin${path}`)}\\/${UUID}$`), area.detail.schema] as [
              RegExp,
              z.ZodType,
            ],
          ]
        : []),
      ...(area.reviews
        ? [
            [new RegExp(`^${escapeSlashes(`/admin${path}`)}\\/review$`), reviewsResponseSchema] as [
              RegExp,
              z.ZodType,
            ],
          ]
        : []),
      ...(area.applications
        ? [
            [
              new RegExp(`^${escapeSlashes(`/admin${area.applications.path}`)}\\/${UUID}$`),
              area.applications.response,
            ] as [RegExp, z.ZodType],
          ]
        : []),
    ];
  }),
  // A group's page is GET /admin/group/{statusID or _id}.
  [/^\/admin\/group\/[^/]+$/, groupDetailResponseSchema],
];

/** The answers of the create (POST) and edit (PUT) calls of the areas with forms (DESIGN §8). */
const FORM_ANSWERS: readonly [string, RegExp, z.ZodType][] = AREA_NAMES.filter(isFormArea).flatMap((name) => {
  const path = escapeSlashes(`/admin${AREAS[name].form.path}`);
  const answer = formAnswerSchema(name);
  return [
    ['POST', new RegExp(`^${path}$`), answer],
    ['PUT', new RegExp(`^${path}\\/${UUID}$`), answer],
  ] as [string, RegExp, z.ZodType][];
});

/** Other writes that take a multipart form: a user's profile edit answers its message only. */
const OTHER_FORM_ANSWERS: readonly [string, RegExp, z.ZodType][] = [
  [
    AREAS.users.calls.update.method,
    new RegExp(`^${escapeSlashes(callPath(AREAS.users.calls.update))}$`),
    messageBodySchema,
  ],
];

/** The schema a 2xx answer to `GET path` must meet, or undefined for a call the contract does not type here. */
export function contractAnswerSchema(method: string, path: string, status: number): z.ZodType | undefined {
  // The authentication service's errors carry its own codes in other shapes (DESIGN §4).
  if (status >= 400) return path.startsWith('/admin/') ? errorBodySchema : undefined;
  if (status < 200 || status >= 300) return undefined;
  if (method !== 'GET')
    return [...FORM_ANSWERS, ...OTHER_FORM_ANSWERS].find(
      ([verb, pattern]) => verb === method && pattern.test(path),
    )?.[2];
  return ANSWERS.find(([pattern]) => pattern.test(path))?.[1];
}

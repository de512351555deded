import {
  type ApplicationsAreaName,
  AREAS,
  type AreaDefinition,
  type AreaName,
  type DetailAreaName,
  listQuerySchemaOf,
  type ReviewedAreaName,
  toggleTargetSchemaOf,
} from '@roam/contract/areas';
import { makeApplicantsQuerySchema, reviewsQuerySchema, reviewsResponseSchema } from '@roam/contract/details';
import { messageBodySchema } from '@roam/contract/errors';
import { pageCursorsSchema, tileCountsSchema } from '@roam/contract/lists';
import { MESSAGES } from '@roam/contract/messages';
import { can } from '@roam/contract/permissions';
import type { RecordStatus } from '@roam/contract/status';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { conflict, forbidden, notFound } from '../../lib/http-error';
import { type ApplicationsDeclaration, listApplications } from './applications';
import {
  type ExtraConditions,
  hasResource,
  type ListQuery,
  listResource,
  type Resource,
  readResource,
  transitionResource,
} from './resource';
import { listReviews, type ReviewItemType, readRatingSummary } from './reviews';
import { adminRoute } from './route-options';

/**
 * The routes an area may have (DESIGN §1), each registered by an explicit call in the area's own
 * routes file. Paths, parameters, page sizes and answers come from the area's entry in the
 * contract's AREAS; the data from its resource.
 */

const idParamsSchema = z.object({ id: z.string().uuid('must be a UUID') });

const areaOf = (name: AreaName): AreaDefinition => AREAS[name];

/**
 * The list's answer. Its rows sit under the area's own key, so TypeScript can only see a record:
 * the schema still checks every key at run time and describes them in the OpenAPI document.
 */
export function listResponseSchema(name: AreaName): z.ZodType<Record<string, unknown>> {
  const { responseKey, row, totalKey } = areaOf(name).list;
  return (
    z
      .object({
        [responseKey]: z.array(row),
        searchcount: z.number().int(),
        ...(totalKey ? { [totalKey]: z.number().int() } : {}),
      })
      // The cursors before the tile counts, whose optional flags come last: a schema with no optional
      // key before a required one is written by the compiled serializer (lib/response-serializer.ts).
      .extend(pageCursorsSchema.shape)
      .extend(tileCountsSchema.shape)
  );
}

/** An area's own list parameters beyond DESIGN §4's (promos' `type`), and the conditions they add. */
export type ExtraListQuery = { schema: z.ZodObject; conditions: ExtraConditions };

/**
 * GET {list path}: the list of DESIGN §4 (filters, tile counts under every filter but status, newest
 * first or in the order `sort` names), with the cursors of the pages beside the one it answers.
 */
export function registerList(app: FastifyInstance, resource: Resource, extra?: ExtraListQuery) {
  const { module, list } = areaOf(resource.area);
  const baseQuery = listQuerySchemaOf(resource.area);
  app.withTypeProvider<ZodTypeProvider>().get(
    list.path,
    adminRoute(
      resource.area,
      { module, action: 'read' },
      {
        querystring: extra ? baseQuery.and(extra.schema) : baseQuery,
        response: { 200: listResponseSchema(resource.area) },
      },
    ),
    async (request) => {
      const { rows, total, countsCapped, countsEstimated, ...counts } = await listResource(
        app.db,
        resource,
        request.query as ListQuery,
        { conditions: extra?.conditions },
      );
      return {
        [list.responseKey]: rows,
        ...counts,
        ...(list.totalKey ? { [list.totalKey]: total } : {}),
        ...(countsCapped ? { countsCapped } : {}),
        ...(countsEstimated ? { countsEstimated } : {}),
      };
    },
  );
}

/**
 * GET {list path}/:id: one item, whatever its status, answering the area's detail schema; with
 * `ratingOf`, the summary of its reviews too.
 */
export function registerDetail<Name extends DetailAreaName>(
  app: FastifyInstance,
  resource: Resource<Name>,
  options: { ratingOf?: ReviewItemType } = {},
) {
  const { module, list, detail } = areaOf(resource.area);
  if (!detail) throw new Error(`${resource.area}: the contract has no detail schema`);
  app.withTypeProvider<ZodTypeProvider>().get(
    `${list.path}/:id`,
    adminRoute(
      resource.area,
      { module, action: 'read' },
      {
        params: idParamsSchema,
        response: { 200: detail.schema },
      },
    ),
    async (request) => {
      const item = await readResource(app.db, resource, request.params.id, options.ratingOf);
      if (!item) throw notFound(resource.area);
      return item;
    },
  );
}

/**
 * GET {list path}/review?itemID=: an item's reviews, newest first (at most MAX_REVIEWS), and the
 * rating summary of all of them. 404 for an unknown item; a DELETED item's reviews are still shown.
 */
export function registerReviews<Name extends ReviewedAreaName>(
  app: FastifyInstance,
  resource: Resource<Name>,
  itemType: ReviewItemType,
) {
  const { module, list } = areaOf(resource.area);
  app.withTypeProvider<ZodTypeProvider>().get(
    `${list.path}/review`,
    adminRoute(
      resource.area,
      { module, action: 'read' },
      {
        querystring: reviewsQuerySchema,
        response: { 200: reviewsResponseSchema },
      },
    ),
    async (request) => {
      const itemId = request.query.itemID;
      if (!(await hasResource(app.db, resource, itemId))) throw notFound(resource.area);
      const [reviews, rating] = await Promise.all([
        listReviews(app.db, itemType, itemId),
        readRatingSummary(app.db, itemType, itemId),
      ]);
      return { reviews, rating };
    },
  );
}

/**
 * GET {applications path}/:id?status=All&skip=0&limit=N: one item's applications, newest first,
 * filtered by application status (any case). 404 unknown item (a DELETED item's are still shown).
 */
export function registerApplications<Name extends ApplicationsAreaName>(
  app: FastifyInstance,
  resource: Resource<Name>,
  applications: ApplicationsDeclaration,
) {
  const { module, applications: where } = areaOf(resource.area);
  if (!where) throw new Error(`${resource.area}: the contract names no applications`);
  const { path, pageSize, response } = where;
  app.withTypeProvider<ZodTypeProvider>().get(
    `${path}/:id`,
    adminRoute(
      resource.area,
      { module, action: 'read' },
      {
        params: idParamsSchema,
        querystring: makeApplicantsQuerySchema(pageSize),
        response: { 200: response },
      },
    ),
    async (request) => {
      const itemId = request.params.id;
      if (!(await hasResource(app.db, resource, itemId))) throw notFound(resource.area);
      return listApplications(app.db, applications, itemId, request.query);
    },
  );
}

/**
 * PUT {toggle path}/:id?{param}=: ACTIVE <-> INACTIVE only (else 409), the row locked while
 * checked. Where the parameter is `status`, DELETED deletes (with delete permission); `markas`
 * never deletes.
 */
export function registerToggle(app: FastifyInstance, resource: Resource) {
  const { module, status } = areaOf(resource.area);
  const { toggle } = status;
  if (!toggle) throw new Error(`${resource.area}: the contract names no toggle`);
  const querystring: z.ZodType<Record<string, RecordStatus>> = z.object({
    [toggle.param]: toggleTargetSchemaOf(resource.area),
  });
  app.withTypeProvider<ZodTypeProvider>().put(
    `${toggle.path}/:id`,
    adminRoute(
      resource.area,
      { module, action: 'write' },
      {
        params: idParamsSchema,
        querystring,
        response: { 200: messageBodySchema },
      },
    ),
    async (request) => {
      const to = request.query[toggle.param]!;
      if (to === 'DELETED') {
        if (toggle.param === 'markas')
          throw conflict('markas must be ACTIVE or INACTIVE; use DELETE to delete');
        if (!can(request.caller!, module, 'delete')) throw forbidden(MESSAGES.noAccess);
      }
      await transitionResource(app.db, resource, { id: request.params.id, to, actorId: request.caller!.id });
      app.realtime.changed({
        area: resource.area,
        ids: [request.params.id],
        action: to === 'DELETED' ? 'delete' : 'toggle',
      });
      return { message: to === 'DELETED' ? MESSAGES.deletedSuccessfully : `Marked ${to}` };
    },
  );
}

/** DELETE {list path}/:id: marks the record DELETED (nothing is erased); 409 when already DELETED. */
export function registerDelete(app: FastifyInstance, resource: Resource) {
  const { module, list } = areaOf(resource.area);
  app.withTypeProvider<ZodTypeProvider>().delete(
    `${list.path}/:id`,
    adminRoute(
      resource.area,
      { module, action: 'delete' },
      {
        params: idParamsSchema,
        response: { 200: messageBodySchema },
      },
    ),
    async (request) => {
      await transitionResource(app.db, resource, {
        id: request.params.id,
        to: 'DELETED',
        actorId: request.caller!.id,
      });
      app.realtime.changed({ area: resource.area, ids: [request.params.id], action: 'delete' });
      return { message: MESSAGES.deletedSuccessfully };
    },
  );
}

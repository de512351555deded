import { isDeepStrictEqual } from 'node:util';
import type { Multipart } from '@fastify/multipart';
import { AREAS, type FormAreaName, formAnswerSchema } from '@roam/contract/areas';
import { errorBodySchema } from '@roam/contract/errors';
import { MESSAGES } from '@roam/contract/messages';
import { recordStatusSchema } from '@roam/contract/status';
import { IMAGE_MIME_TYPES } from '@roam/contract/validation';
import { eq, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { recordAudit } from '../../lib/audit';
import { badRequest, conflict, HttpError, notFound } from '../../lib/http-error';
import { removeImage, storeImage } from '../../lib/uploads';
import { findResource, type Resource, type RowOf, standardColumns } from './resource';
import { adminRoute } from './route-options';
import { assertTransition } from './transitions';

type Row = Record<string, unknown>;

/**
 * One area's create and edit (DESIGN §8), declared beside its resource: the contract's schemas of
 * its text fields, the columns they become, how the record keeps its images, and the checks that
 * need the database. Paths, answer key, image counts and messages are the area's `form` in AREAS.
 */
export type FormDeclaration<Name extends FormAreaName, Table extends PgTable, Create, Edit> = {
  resource: Resource<Name, RowOf<Name>>;
  /** The resource's table, as its own type: the columns below are checked against it. */
  table: Table;
  fields: { create: z.ZodType<Create>; edit: z.ZodType<Edit> };
  /** The columns a record is written with from its fields (images apart), on create and on edit. */
  toColumns: (fields: Create | Edit) => Partial<Table['$inferInsert']>;
  images: {
    /** The record's images, in order. */
    read: (row: Table['$inferSelect']) => string[];
    /** The columns that hold these images. */
    write: (urls: string[]) => Partial<Table['$inferInsert']>;
    /**
     * On edit, the images to keep and where the new ones go (`new:N`), when the body says; by
     * default a new image replaces them all.
     */
    order?: (fields: Edit) => readonly string[] | undefined;
  };
  /**
   * Checks that need the stored data, inside the write's transaction (with `id` on edit): 400 for
   * a city that does not exist, 409 for a duplicate.
   */
  check?: (tx: Database, fields: Create | Edit, id: string | undefined) => Promise<void>;
};

/** A declaration as the route builders take it, whatever its area, table and field types. */
export type Form = {
  resource: Resource<FormAreaName, unknown>;
  table: PgTable;
  fields: { create: z.ZodType; edit: z.ZodType };
  toColumns: (fields: unknown) => Row;
  images: {
    read: (row: Row) => string[];
    write: (urls: string[]) => Row;
    order?: (fields: unknown) => readonly string[] | undefined;
  };
  check?: (tx: Database, fields: unknown, id: string | undefined) => Promise<void>;
};

/** Declares an area's form, checked against its table and the contract's field schemas where written. */
export function defineForm<Name extends FormAreaName, Table extends PgTable, Create, Edit>(
  declaration: FormDeclaration<Name, Table, Create, Edit>,
): Form {
  // The builders hand each function only what its own schemas parsed and its own table answered.
  return declaration as unknown as Form;
}

const MAX_TEXT_FIELDS = 20;

/**
 * Reads a multipart form once: its text fields, and its images stored as they arrive by the
 * upload rules (DESIGN §7: 415 not an accepted image, 413 over 5 MB, pixel limit). When anything
 * fails, the images already stored are removed before the error goes on.
 */
export async function readMultipartForm(
  request: FastifyRequest,
  images?: {
    uploadsDir: string;
    field: string;
    max: number;
    /** The image types taken (all of DESIGN §7's by default) and the stored width's cap. */
    accepted?: readonly string[];
    maxWidth?: number;
  },
): Promise<{ fields: Record<string, string>; images: string[] }> {
  if (!request.isMultipart()) throw badRequest('body: expected multipart/form-data');
  const fields: Record<string, string> = {};
  const stored: string[] = [];
  try {
    for await (const part of request.parts({
      limits: { fields: MAX_TEXT_FIELDS, files: (images?.max ?? 0) + 1 },
    }) as AsyncIterable<Multipart>) {
      if (part.type === 'file') {
        if (!images) throw badRequest(`${part.fieldname}: this form takes no files`);
        if (part.fieldname !== images.field) {
          throw badRequest(`${part.fieldname}: unexpected file field (images go in ${images.field})`);
        }
        if (stored.length === images.max) throw badRequest(`${images.field}: at most ${images.max} image(s)`);
        stored.push(
          await storeImage(images.uploadsDir, part, images.accepted ?? IMAGE_MIME_TYPES, {
            maxWidth: images.maxWidth,
          }),
        );
      } else {
        if (part.fieldname in fields) throw badRequest(`${part.fieldname}: sent more than once`);
        fields[part.fieldname] = typeof part.value === 'string' ? part.value : String(part.value);
      }
    }
  } catch (error) {
    if (images) await removeImages(images.uploadsDir, stored);
    // The multipart reader's own errors (no boundary, a body cut short) carry no status: the body is bad.
    if (error instanceof Error && !(error instanceof HttpError) && !('statusCode' in error)) {
      throw badRequest(`body: malformed multipart (${error.message})`);
    }
    throw error;
  }
  return { fields, images: stored };
}

async function removeImages(uploadsDir: string, urls: readonly string[]) {
  await Promise.all(urls.map((url) => removeImage(uploadsDir, url)));
}

/** Input through its schema: a 400 names the first field that is wrong. */
export function parseInput<T>(schema: z.ZodType<T>, input: unknown): T {
  const parsed = schema.safeParse(input);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0]!;
  throw badRequest(`${issue.path.join('.') || 'body'}: ${issue.message}`);
}

/**
 * The route's options: write permission on the area's module, the answer, the upload errors, and
 * the multipart body described for the OpenAPI document. The body is read by readMultipartForm and
 * checked by parseFields, so Fastify's own validation only attaches its result (the id is checked
 * by the handler too).
 */
function formRouteOptions(form: Form, fieldsSchema: z.ZodType, status: 200 | 201, params?: z.ZodObject) {
  const area = form.resource.area;
  const { module, form: calls } = AREAS[area];
  const file = z.any().describe('image file (jpeg, png, gif or webp; at most 5 MB)');
  const body = z.intersection(
    fieldsSchema,
    z.object({ [calls.images.field]: calls.images.max > 1 ? z.array(file) : file }),
  );
  const options = adminRoute(
    area,
    { module, action: 'write' },
    {
      consumes: ['multipart/form-data'],
      ...(params ? { params } : {}),
      body,
      response: {
        [status]: formAnswerSchema(area),
        413: errorBodySchema,
        415: errorBodySchema,
      },
    },
  );
  return { ...options, attachValidation: true };
}

const idParamsSchema = z.object({ id: z.string().uuid('must be a UUID') });

/** The record as the list shows it, for the answer. */
async function answerRow(db: Database, form: Form, id: string) {
  return findResource(db, form.resource, eq(standardColumns(form.resource.table).id, id));
}

/** POST /admin{form path}: a new record from a multipart body (DESIGN §8), 201 with the record. */
export function registerCreate(app: FastifyInstance, form: Form, options: { uploadsDir: string }) {
  const area = form.resource.area;
  const calls = AREAS[area].form;
  app.withTypeProvider<ZodTypeProvider>().route({
    method: 'POST',
    url: calls.path,
    ...formRouteOptions(form, form.fields.create, 201),
    handler: async (request, reply) => {
      const { fields, images } = await readMultipartForm(request, {
        uploadsDir: options.uploadsDir,
        field: calls.images.field,
        max: calls.images.max,
      });
      try {
        const input = parseInput(form.fields.create, fields);
        if (images.length < calls.images.min)
          throw badRequest(`${calls.images.field}: ${MESSAGES.uploadFile}`);
        const id = await app.db.transaction(async (tx) => {
          await form.check?.(tx, input, undefined);
          const values = { ...form.toColumns(input), ...form.images.write(images) };
          const { id: idColumn } = standardColumns(form.table);
          const [created] = await tx.insert(form.table).values(values).returning({ id: idColumn });
          const createdId = String(created?.id);
          await recordAudit(tx, {
            actorId: request.caller!.id,
            action: 'create',
            entity: area,
            entityId: createdId,
            after: values,
          });
          return createdId;
        });
        const row = await answerRow(app.db, form, id);
        app.realtime.changed({ area, ids: [id], action: 'create' });
        return reply.status(201).send({ message: calls.messages.created, [calls.responseKey]: row });
      } catch (error) {
        await removeImages(options.uploadsDir, images);
        throw error;
      }
    },
  });
}

/** The images after an edit: kept ones and new ones in the order asked, or the new ones alone. */
function editedImages(
  current: readonly string[],
  added: readonly string[],
  order: readonly string[] | undefined,
) {
  if (!order) return added.length > 0 ? [...added] : [...current];
  const used = new Set<string>();
  const result = order.map((entry) => {
    if (used.has(entry)) throw badRequest(`imageurl: ${entry} is listed twice`);
    used.add(entry);
    const index = entry.startsWith('new:') ? Number(entry.slice(4)) : Number.NaN;
    if (Number.isInteger(index)) {
      const url = added[index];
      if (url === undefined) throw badRequest(`imageurl: ${entry} names no file of this request`);
      return url;
    }
    if (!current.includes(entry)) throw badRequest(`imageurl: ${entry} is not an image of this record`);
    return entry;
  });
  const unplaced = added.findIndex((_, index) => !used.has(`new:${index}`));
  if (unplaced >= 0) throw badRequest(`imageurl: new:${unplaced} is sent but not placed`);
  return result;
}

/**
 * PUT /admin{form path}/:id: writes only what changed (DESIGN §8), 200 with the record, or 200
 * 'No changes were made'. The row is locked while checked; a status resent unchanged is not a
 * transition. Images no longer used are removed once the change is stored.
 */
export function registerEdit(app: FastifyInstance, form: Form, options: { uploadsDir: string }) {
  const area = form.resource.area;
  const { form: calls, labels } = AREAS[area];
  const { table } = form;
  const { id: idColumn } = standardColumns(table);
  app.withTypeProvider<ZodTypeProvider>().route({
    method: 'PUT',
    url: `${calls.path}/:id`,
    ...formRouteOptions(form, form.fields.edit, 200, idParamsSchema),
    handler: async (request) => {
      const { id } = parseInput(idParamsSchema, request.params);
      const { fields, images } = await readMultipartForm(request, {
        uploadsDir: options.uploadsDir,
        field: calls.images.field,
        max: calls.images.max,
      });
      let unused: string[] = [];
      try {
        const input = parseInput(form.fields.edit, fields);
        const changed = await app.db.transaction(async (tx) => {
          const [current] = (await tx.select().from(table).where(eq(idColumn, id)).for('update')) as Row[];
          if (!current) throw notFound(labels.noun.charAt(0).toUpperCase() + labels.noun.slice(1));
          if (current.status === 'DELETED')
            throw conflict(`This ${labels.noun} is deleted: restore it first`);
          await form.check?.(tx, input, id);
          const before = form.images.read(current);
          const after = editedImages(before, images, form.images.order?.(input));
          if (after.length < calls.images.min)
            throw badRequest(`${calls.images.field}: ${MESSAGES.uploadFile}`);
          const wanted: Row = {
            ...form.toColumns(input),
            ...(isDeepStrictEqual(before, after) ? {} : form.images.write(after)),
          };
          const changes = Object.fromEntries(
            Object.entries(wanted).filter(([key, value]) => !isDeepStrictEqual(current[key], value)),
          );
          if (Object.keys(changes).length === 0) return false;
          if ('status' in changes) {
            assertTransition(
              area,
              recordStatusSchema.parse(current.status),
              recordStatusSchema.parse(changes.status),
            );
          }
          await tx
            .update(table)
            .set({ ...changes, ...('updatedAt' in current ? { updatedAt: sql`now()` } : {}) })
            .where(eq(idColumn, id));
          await recordAudit(tx, {
            actorId: request.caller!.id,
            action: 'update',
            entity: area,
            entityId: id,
            before: Object.fromEntries(Object.keys(changes).map((key) => [key, current[key]])),
            after: changes,
          });
          unused = before.filter((url) => !after.includes(url));
          return true;
        });
        if (!changed) {
          await removeImages(options.uploadsDir, images);
          return { message: MESSAGES.noChanges };
        }
      } catch (error) {
        await removeImages(options.uploadsDir, images);
        throw error;
      }
      await removeImages(options.uploadsDir, unused);
      app.realtime.changed({ area, ids: [id], action: 'update' });
      const row = await answerRow(app.db, form, id);
      return { message: calls.messages.updated, [calls.responseKey]: row };
    },
  });
}

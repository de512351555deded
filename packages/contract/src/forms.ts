import { z } from 'zod';
import { PROMO_TYPES } from './entities';
import { lazySchema } from './lazy-schema';
import { MESSAGES } from './messages';
import { countryByIso, countryByName, isCurrencyCode } from './places';
import { richTextFieldSchema } from './rich-text';
import { hasControlCharacters } from './validation';

/**
 * The text fields of the create and edit forms (SPEC §5, DESIGN §8 "Create and edit"): multipart
 * fields, so every value arrives as a string. The panel validates with the same schemas (its live
 * messages are these), the server again; images are checked by the upload rules, not here.
 */

/** A required text: trimmed, `missing` when empty, at most `max` characters. */
export const requiredText = (max: number, missing: string) =>
  z
    .string({ message: missing })
    .trim()
    .min(1, missing)
    .max(max, `must be at most ${max} characters`)
    .refine((text) => !hasControlCharacters(text), 'must not contain control characters');

/** An optional text: absent or empty means none. */
export const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `must be at most ${max} characters`)
    .refine((text) => !hasControlCharacters(text), 'must not contain control characters')
    .optional();

const cityId = (missing: string) =>
  z.string({ message: missing }).trim().min(1, missing).uuid('must be a city id');

/**
 * POST /admin/city and PUT /admin/city/{id}: name, country_name, ISO and currency. The country
 * must be known, ISO its ISO 3166-1 alpha-2 code, currency an ISO 4217 code (the country's own
 * when left empty). The answer stores the country's canonical name.
 */
export const cityFieldsSchema = lazySchema(() =>
  z
    .object({
      name: requiredText(100, MESSAGES.enterCityName),
      country_name: requiredText(100, MESSAGES.selectCountryName),
      ISO: requiredText(2, MESSAGES.selectCountryIso).transform((iso) => iso.toUpperCase()),
      currency: optionalText(3).transform((code) => code?.toUpperCase() || undefined),
    })
    .transform((fields, ctx) => {
      const country = countryByName(fields.country_name);
      if (!country) {
        ctx.addIssue({ code: 'custom', path: ['country_name'], message: 'is not a known country' });
        return z.NEVER;
      }
      if (!countryByIso(fields.ISO)) {
        ctx.addIssue({ code: 'custom', path: ['ISO'], message: 'is not an ISO 3166-1 alpha-2 code' });
        return z.NEVER;
      }
      if (country.iso !== fields.ISO) {
        ctx.addIssue({ code: 'custom', path: ['ISO'], message: `does not match ${country.name}` });
        return z.NEVER;
      }
      if (fields.currency && !isCurrencyCode(fields.currency)) {
        ctx.addIssue({ code: 'custom', path: ['currency'], message: 'is not an ISO 4217 currency code' });
        return z.NEVER;
      }
      return {
        name: fields.name,
        countryName: country.name,
        countryIso: country.iso,
        currency: fields.currency ?? country.currency,
      };
    }),
);
export type CityFields = z.output<typeof cityFieldsSchema>;

/**
 * Which images a thing to do keeps, in order, on edit: a JSON list whose items are the URLs of
 * its current images to keep and `new:N` for the request's N-th file. Absent: every current image,
 * then the new ones.
 */
export const imageOrderSchema = lazySchema(() =>
  z
    .string()
    .max(10_000)
    .transform((text, ctx) => {
      try {
        return JSON.parse(text) as unknown;
      } catch {
        ctx.addIssue({ code: 'custom', message: 'must be a JSON list' });
        return z.NEVER;
      }
    })
    .pipe(z.array(z.string().max(300)).max(10, 'at most 10 images'))
    .optional(),
);
export const NEW_IMAGE_PREFIX = 'new:';

/** POST /admin/explore: title, body (the editor's JSON document) and cityID; files sent apart. */
export const exploreFieldsSchema = lazySchema(() =>
  z.object({
    title: requiredText(200, MESSAGES.enterTitle),
    body: richTextFieldSchema,
    cityID: cityId(MESSAGES.selectCity),
  }),
);
/** PUT /admin/explore/{id}: the same, status (ACTIVE or INACTIVE) and the images' order. */
export const exploreEditFieldsSchema = lazySchema(() =>
  exploreFieldsSchema.extend({
    status: z.enum(['ACTIVE', 'INACTIVE'], { message: 'must be ACTIVE or INACTIVE' }).optional(),
    imageurl: imageOrderSchema,
  }),
);
export type ExploreFields = z.output<typeof exploreEditFieldsSchema>;

const isHttpUrl = (value: string) => {
  try {
    return ['http:', 'https:'].includes(new URL(value).protocol);
  } catch {
    return false;
  }
};

/**
 * POST /admin/promo and PUT /admin/promo/{id}: name, description, type, internal_url (a path in
 * the app), external_url (http or https) and an optional city.
 */
export const promoFieldsSchema = lazySchema(() =>
  z.object({
    name: requiredText(100, MESSAGES.required),
    description: requiredText(500, MESSAGES.required),
    type: z.enum(PROMO_TYPES, { message: `must be one of ${PROMO_TYPES.join(', ')}` }),
    internal_url: requiredText(300, MESSAGES.required).regex(
      /^\/(?![/\\])/,
      'must be a path starting with /',
    ),
    external_url: requiredText(500, MESSAGES.required).refine(isHttpUrl, 'must be an http or https link'),
    city: z
      .string()
      .trim()
      .transform((value) => value || undefined)
      .pipe(z.string().uuid('must be a city id').optional())
      .optional(),
  }),
);
export type PromoFields = z.output<typeof promoFieldsSchema>;

/** PUT /admin/users/update?uid: a user's names and home location; the username must be free. */
export const userUpdateFieldsSchema = lazySchema(() =>
  z.object({
    fullname: requiredText(120, MESSAGES.fullNameRequired),
    lastname: optionalText(120),
    username: requiredText(60, MESSAGES.usernameRequired).regex(
      /^[\p{L}\p{N}._-]+$/u,
      'may use letters, digits, dot, dash and underscore only',
    ),
    homeLocation: optionalText(120),
  }),
);
export type UserUpdateFields = z.output<typeof userUpdateFieldsSchema>;

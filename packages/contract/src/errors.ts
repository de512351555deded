import { z } from 'zod';
import { lazySchema } from './lazy-schema';

/** Every error body (DESIGN §4): {statusCode, error, message}; the auth service adds its codes. */
export const errorBodySchema = lazySchema(() =>
  z.object({
    statusCode: z.number().int(),
    error: z.union([z.string(), z.object({ message: z.string() })]),
    message: z.string(),
  }),
);
export type ErrorBody = z.infer<typeof errorBodySchema>;

export const messageBodySchema = lazySchema(() => z.object({ message: z.string() }));

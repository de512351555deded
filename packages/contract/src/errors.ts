import { z } from 'zod';

/** Every error body (DESIGN §4): {statusCode, error, message}; the auth service adds its codes. */
export const errorBodySchema = z.object({
  statusCode: z.number().int(),
  error: z.union([z.string(), z.object({ message: z.string() })]),
  message: z.string(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

export const messageBodySchema = z.object({ message: z.string() });

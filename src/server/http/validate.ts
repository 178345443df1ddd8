import type { z } from 'zod';
import { installFieldMessages } from '../../core/validation-messages';
import { badRequest } from './errors';

// Every message a route answers names its field, zod's own defaults included.
installFieldMessages();

/** Parses input with a shared core schema; the first failing field's message becomes a 400. */
export function parseInput<Schema extends z.ZodType>(schema: Schema, input: unknown): z.infer<Schema> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const first = result.error.issues[0];
  throw badRequest(first?.message ?? 'Invalid request');
}

/** Like parseInput, for a JSON request body that must be an object. */
export function parseBody<Schema extends z.ZodType>(schema: Schema, body: unknown): z.infer<Schema> {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw badRequest('The request body must be a JSON object');
  }
  return parseInput(schema, body);
}

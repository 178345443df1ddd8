import { z } from 'zod';
import { roleSchema } from '../roles';

/** SPEC 3: the claims of the access token that the client decodes to expose the current user. */
export const accessClaimsSchema = z.object({
  sub: z.string(),
  full_name: z.string(),
  email: z.string(),
  role: roleSchema,
  token_version: z.number().int(),
  iat: z.number(),
  exp: z.number(),
});
export type AccessClaims = z.infer<typeof accessClaimsSchema>;

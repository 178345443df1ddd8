import { z } from 'zod';
import {
  ASIN_COUNT_MAX,
  type EarlyAccessRequest,
  EMAIL_MAX,
  FULL_NAME_MAX,
  isEarlyAccessEmail,
  LANDING_VARIANTS,
  EARLY_ACCESS_MESSAGES as M,
  MONTHLY_REVENUE_MAX,
} from './form-input';

/** A value is "missing" when absent or null; anything else of the wrong type gets the typed message. */
const isMissing = (input: unknown) => input === undefined || input === null;

/**
 * SPEC 3, 5 and 7: the body of POST /api/early-access. The server parses with it; the landing
 * page checks the same rules by hand (form-input.ts) because zod would double its script size.
 */
export const earlyAccessRequestSchema = z.object({
  fullName: z
    .string({ error: (issue) => (isMissing(issue.input) ? M.fullNameRequired : M.fullNameText) })
    .transform((name) => name.trim().replace(/\s+/g, ' '))
    .pipe(z.string().min(1, M.fullNameRequired).max(FULL_NAME_MAX, M.fullNameTooLong)),
  email: z
    .string({ error: (issue) => (isMissing(issue.input) ? M.emailRequired : M.emailText) })
    .trim()
    .min(1, M.emailRequired)
    // Aborts: an over-long value never reaches the format check.
    .max(EMAIL_MAX, { message: M.emailTooLong, abort: true })
    .refine(isEarlyAccessEmail, M.emailInvalid),
  monthlyRevenue: z
    .number({ error: (issue) => (isMissing(issue.input) ? M.revenueRequired : M.revenueNumber) })
    .min(0, M.revenueNegative)
    .max(MONTHLY_REVENUE_MAX, M.revenueTooLarge),
  asinCnt: z
    .number({ error: (issue) => (isMissing(issue.input) ? M.asinRequired : M.asinWhole) })
    .int(M.asinWhole)
    .min(0, M.asinNegative)
    .max(ASIN_COUNT_MAX, M.asinTooLarge),
  landingVariant: z.enum(LANDING_VARIANTS, { error: M.variantUnknown }).optional(),
}) satisfies z.ZodType<EarlyAccessRequest>;

export type { EarlyAccessRequest };

/** One stored signup as GET /api/early-access lists it (newest first). */
export const earlyAccessSignupSchema = z.object({
  id: z.string(),
  fullName: z.string(),
  email: z.string(),
  monthlyRevenue: z.number(),
  asinCount: z.number().int(),
  landingVariant: z.string().nullable(),
  createdAt: z.string(),
});
export type EarlyAccessSignup = z.infer<typeof earlyAccessSignupSchema>;

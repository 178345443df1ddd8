import { z } from 'zod';
import {
  emailSchema,
  fullNameSchema,
  newPasswordSchema,
  PASSWORD_HAS_IDENTITY_MESSAGE,
  passwordContainsIdentity,
} from '../auth/schemas';

/** An owner adds a member with an initial password (no email is sent yet). */
export const addMemberSchema = z
  .object({ fullName: fullNameSchema, email: emailSchema, password: newPasswordSchema })
  .refine((member) => !passwordContainsIdentity(member.password, member), {
    message: PASSWORD_HAS_IDENTITY_MESSAGE,
    path: ['password'],
  });
export type AddMemberInput = z.infer<typeof addMemberSchema>;

/**
 * An added member is `invited` until their first log-in with the email and the initial password,
 * then `active`. The owner sees the same answer whether or not the email is used elsewhere, so
 * adding members cannot find out who else uses the product (docs/decisions/007).
 */
export const MEMBER_STATUSES = ['active', 'invited'] as const;

export const memberSchema = z.object({
  id: z.string(),
  fullName: z.string(),
  email: z.string(),
  role: z.enum(['user', 'admin', 'beta', 'dev']),
  status: z.enum(MEMBER_STATUSES),
  createdAt: z.string(),
});
export type Member = z.infer<typeof memberSchema>;

export const alreadyMemberMessage = (email: string) => `${email} is already in this account`;

/** What the owner is told after adding: true for a new email, and still true for one used elsewhere. */
export const invitedMessage = (fullName: string) =>
  `${fullName} is invited: they join when they first log in with this email and the initial password`;

export type AccountSummary = {
  id: string;
  name: string;
  marketplaceSellerId: string | null;
  createdAt: string;
};

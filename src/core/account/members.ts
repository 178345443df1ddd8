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

export const memberSchema = z.object({
  id: z.string(),
  fullName: z.string(),
  email: z.string(),
  role: z.enum(['user', 'admin', 'beta', 'dev']),
  createdAt: z.string(),
});
export type Member = z.infer<typeof memberSchema>;

export type AccountSummary = {
  id: string;
  name: string;
  marketplaceSellerId: string | null;
  createdAt: string;
};

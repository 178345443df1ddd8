import { z } from 'zod';
import { isCommonPassword } from './common-passwords';
import { COUNTRY_CODES } from './countries';
import { isEmailAddress } from './email';

/** A text field: `requiredMessage` when missing or blank, a typed message when not text at all. */
export function requiredText(label: string, requiredMessage: string) {
  return z
    .string({ error: (issue) => (issue.input === undefined ? requiredMessage : `${label} must be text`) })
    .min(1, requiredMessage);
}

// SPEC 5: 10 digits, optional parentheses around the area code, dash, dot or space separators.
export const PHONE_PATTERN = /^(\(\d{3}\)|\d{3})[-. ]?\d{3}[-. ]?\d{4}$/;

export const NEW_PASSWORD_MIN = 12;
export const NEW_PASSWORD_MAX = 128;
export const EMAIL_MAX = 254;
export const CONTACT_NUMBER_MAX = 32;

// Every length limit aborts: zod runs the later checks of a field even after one failed, and no
// pattern or policy check should ever see an over-long value.
export const emailSchema = requiredText('Email', 'Email is required')
  .max(EMAIL_MAX, { message: `Email must be at most ${EMAIL_MAX} characters`, abort: true })
  .refine(isEmailAddress, 'Invalid email address');

/** SPEC 5 (log-in): any non-empty password; DESIGN 9 keeps the minimum of 1 for log-in only. */
export const loginPasswordSchema = requiredText('Password', 'Password is required')
  .min(1, 'Password must be at least 1 characters')
  .max(NEW_PASSWORD_MAX * 4, { message: 'Password is too long', abort: true });

export const COMMON_PASSWORD_MESSAGE = 'This password is too common. Choose another one.';

/** DESIGN 7: new passwords need 12..128 characters and must not be common. */
export const newPasswordSchema = requiredText('Password', 'Password is required')
  .min(NEW_PASSWORD_MIN, `Password must be at least ${NEW_PASSWORD_MIN} characters`)
  .max(NEW_PASSWORD_MAX, { message: `Password must be at most ${NEW_PASSWORD_MAX} characters`, abort: true })
  .refine((password) => !isCommonPassword(password), COMMON_PASSWORD_MESSAGE);

export const PASSWORD_HAS_IDENTITY_MESSAGE = 'Password must not contain your name or email';

/** DESIGN 7: a new password must not contain the user's own name or email (or its local part). */
export function passwordContainsIdentity(password: string, identity: { fullName: string; email: string }) {
  const lower = password.toLowerCase();
  const email = identity.email.toLowerCase();
  const pieces = [email, email.split('@')[0] ?? '', ...identity.fullName.toLowerCase().split(/\s+/)];
  return pieces.some((piece) => piece.length >= 3 && lower.includes(piece));
}

/** True when both fields of a partly parsed form are text (a cross-field check can then run). */
function bothText(value: unknown, a: string, b: string): boolean {
  if (typeof value !== 'object' || value === null) return false;
  const form = value as Record<string, unknown>;
  return typeof form[a] === 'string' && typeof form[b] === 'string';
}

export const fullNameSchema = requiredText('Name', 'Name is required')
  .trim()
  .min(2, 'Name must be at least 2 characters')
  .max(100, 'Name must be at most 100 characters');

export const loginSchema = z.object({
  email: emailSchema,
  password: loginPasswordSchema,
});
export type LoginInput = z.infer<typeof loginSchema>;

export const registerSchema = z
  .object({
    fullName: fullNameSchema,
    email: emailSchema,
    contactNumber: requiredText('Contact number', 'Contact number is required')
      .max(CONTACT_NUMBER_MAX, { message: 'Invalid phone number format', abort: true })
      .regex(PHONE_PATTERN, 'Invalid phone number format'),
    country: z.enum(COUNTRY_CODES, {
      error: (issue) =>
        issue.input === undefined || issue.input === '' ? 'Country is required' : 'Invalid country',
    }),
    password: newPasswordSchema,
    confirmPassword: requiredText('Confirm password', 'Please confirm your password').max(NEW_PASSWORD_MAX, {
      message: 'Passwords do not match',
      abort: true,
    }),
  })
  .refine((form) => !passwordContainsIdentity(form.password, form), {
    message: PASSWORD_HAS_IDENTITY_MESSAGE,
    path: ['password'],
  })
  .refine((form) => form.password === form.confirmPassword, {
    message: 'Passwords do not match',
    path: ['confirmPassword'],
    // Checked as soon as both are typed, not only once every other field is valid.
    when: ({ value }) => bothText(value, 'password', 'confirmPassword'),
  });
export type RegisterInput = z.infer<typeof registerSchema>;

export const SAME_PASSWORD_MESSAGE = 'New password must differ from the old password';

/** The body of POST /change-password. */
export const changePasswordSchema = z
  .object({
    oldPassword: requiredText('Old password', 'Old password is required').max(NEW_PASSWORD_MAX * 4, {
      message: 'Old password is too long',
      abort: true,
    }),
    newPassword: newPasswordSchema,
  })
  .refine((body) => body.newPassword !== body.oldPassword, {
    message: SAME_PASSWORD_MESSAGE,
    path: ['newPassword'],
    when: ({ value }) => bothText(value, 'oldPassword', 'newPassword'),
  });
export type ChangePasswordInput = z.infer<typeof changePasswordSchema>;

/** The change-password form: the body plus the confirmation that stays in the browser. */
export const changePasswordFormSchema = changePasswordSchema
  .extend({ confirmNewPassword: requiredText('Confirm password', 'Please confirm your new password') })
  .refine((form) => form.newPassword === form.confirmNewPassword, {
    message: 'Passwords do not match',
    path: ['confirmNewPassword'],
    when: ({ value }) => bothText(value, 'newPassword', 'confirmNewPassword'),
  });
export type ChangePasswordForm = z.infer<typeof changePasswordFormSchema>;

export const logoutSchema = z
  .object({ everywhere: z.boolean({ error: 'everywhere must be true or false' }).optional() })
  .optional();

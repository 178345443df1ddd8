import { describe, expect, it } from 'vitest';
import { isCommonPassword } from './common-passwords';
import {
  changePasswordFormSchema,
  changePasswordSchema,
  loginSchema,
  registerSchema,
  SAME_PASSWORD_MESSAGE,
} from './schemas';

const firstMessage = (result: { success: boolean; error?: { issues: Array<{ message: string }> } }) =>
  result.success ? null : (result.error?.issues[0]?.message ?? null);

const validRegistration = {
  fullName: 'Pat Seller',
  email: 'pat@example.com',
  contactNumber: '555-123-4567',
  country: 'USA',
  password: 'Granite-Harbor-Violet-42',
  confirmPassword: 'Granite-Harbor-Violet-42',
};

describe('the log-in schema', () => {
  it.each([
    [{ password: 'x' }, 'Email is required'],
    [{ email: '', password: 'x' }, 'Email is required'],
    [{ email: 'no-at-sign', password: 'x' }, 'Invalid email address'],
    [{ email: 'a b@c', password: 'x' }, 'Invalid email address'],
    [{ email: 'a@b' }, 'Password is required'],
    [{ email: 'a@b', password: '' }, 'Password is required'],
    [{ email: 42, password: 'x' }, 'Email must be text'],
  ])('refuses %j with "%s"', (input, message) => {
    expect(firstMessage(loginSchema.safeParse(input))).toBe(message);
  });

  it('accepts any non-empty password, however short', () => {
    expect(loginSchema.safeParse({ email: 'a@b', password: '1' }).success).toBe(true);
  });
});

describe('the registration schema', () => {
  it('accepts a complete, valid registration', () => {
    expect(registerSchema.safeParse(validRegistration).success).toBe(true);
  });

  it.each([
    [{ fullName: undefined }, 'Name is required'],
    [{ fullName: 'P' }, 'Name must be at least 2 characters'],
    [{ contactNumber: undefined }, 'Contact number is required'],
    [{ contactNumber: '12345' }, 'Invalid phone number format'],
    [{ contactNumber: '555-1234-567' }, 'Invalid phone number format'],
    [{ country: '' }, 'Country is required'],
    [{ country: 'XYZ' }, 'Invalid country'],
    [{ password: 'short' }, 'Password must be at least 12 characters'],
    [{ password: 'x'.repeat(129) }, 'Password must be at most 128 characters'],
    [
      { password: 'password1234', confirmPassword: 'password1234' },
      'This password is too common. Choose another one.',
    ],
    [{ confirmPassword: undefined }, 'Please confirm your password'],
    [{ confirmPassword: 'Granite-Harbor-Violet-43' }, 'Passwords do not match'],
    [
      { password: 'pat@example.com-xyz!', confirmPassword: 'pat@example.com-xyz!' },
      'Password must not contain your name or email',
    ],
    [
      { password: 'Seller-Granite-Harbor', confirmPassword: 'Seller-Granite-Harbor' },
      'Password must not contain your name or email',
    ],
  ])('with %j says "%s"', (change, message) => {
    expect(firstMessage(registerSchema.safeParse({ ...validRegistration, ...change }))).toBe(message);
  });

  it('says "Passwords do not match" while other fields are still empty or invalid', () => {
    const result = registerSchema.safeParse({
      fullName: '',
      email: 'not-yet',
      password: 'Granite-Harbor-Violet-42',
      confirmPassword: 'Granite-Harbor-Violet-4',
    });
    expect(result.success ? [] : result.error.issues.map((issue) => issue.message)).toContain(
      'Passwords do not match',
    );
  });

  it.each(['5551234567', '(555) 123-4567', '(555)123-4567', '555.123.4567', '555 123 4567', '555-123-4567'])(
    'accepts the phone number %s',
    (contactNumber) => {
      expect(registerSchema.safeParse({ ...validRegistration, contactNumber }).success).toBe(true);
    },
  );

  it('drops fields it does not know, such as role or account_id', () => {
    const parsed = registerSchema.parse({ ...validRegistration, role: 'dev', account_id: 'x' });
    expect(parsed).not.toHaveProperty('role');
    expect(parsed).not.toHaveProperty('account_id');
  });
});

describe('the change-password form', () => {
  const form = {
    oldPassword: 'old',
    newPassword: 'Granite-Harbor-Violet-42',
    confirmNewPassword: 'Granite-Harbor-Violet-42',
  };

  it.each([
    [{ oldPassword: '' }, 'Old password is required'],
    [{ confirmNewPassword: '' }, 'Please confirm your new password'],
    [{ confirmNewPassword: 'different-but-long' }, 'Passwords do not match'],
  ])('with %j says "%s"', (change, message) => {
    expect(firstMessage(changePasswordFormSchema.safeParse({ ...form, ...change }))).toBe(message);
  });
});

describe('the common-password check', () => {
  it.each([
    'password1234',
    'Password!2024',
    'qwertyuiop12',
    'aaaaaaaaaaaa',
    '123456789012',
    'abcdefghijkl',
    'abcabcabcabc',
    'replen123456',
    'zyxwvutsrqpo',
  ])('calls %s common', (password) => expect(isCommonPassword(password)).toBe(true));

  it.each(['Granite-Harbor-Violet-42', 'correct horse battery staple', 'tb7#Lq9!mW2z'])(
    'lets %s through',
    (password) => expect(isCommonPassword(password)).toBe(false),
  );
});

describe('the change-password body', () => {
  it('refuses the old password as the new one', () => {
    const body = { oldPassword: 'Granite-Harbor-Violet-42', newPassword: 'Granite-Harbor-Violet-42' };
    expect(firstMessage(changePasswordSchema.safeParse(body))).toBe(SAME_PASSWORD_MESSAGE);
    expect(
      firstMessage(changePasswordFormSchema.safeParse({ ...body, confirmNewPassword: body.newPassword })),
    ).toBe(SAME_PASSWORD_MESSAGE);
  });

  it('accepts a different new password', () => {
    const body = { oldPassword: 'Granite-Harbor-Violet-41', newPassword: 'Granite-Harbor-Violet-42' };
    expect(changePasswordSchema.safeParse(body).success).toBe(true);
  });

  it('says "Passwords do not match" before the old password is typed', () => {
    const result = changePasswordFormSchema.safeParse({
      oldPassword: '',
      newPassword: 'Granite-Harbor-Violet-42',
      confirmNewPassword: 'Granite-Harbor-Violet-4',
    });
    expect(result.success ? [] : result.error.issues.map((issue) => issue.message)).toContain(
      'Passwords do not match',
    );
  });
});

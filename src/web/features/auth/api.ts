import type { ChangePasswordInput, LoginInput, RegisterInput } from '../../../core/auth/schemas';
import { ApiError, apiFetch } from '../../lib/api-client';

export const NETWORK_ERROR_MESSAGE = 'An error occurred. Please try again.';

type TokenAnswer = { accessToken: string };

export const login = (input: LoginInput) =>
  apiFetch<TokenAnswer>('/api/login', { method: 'POST', body: input, token: null }, 'Login failed');

// SPEC 3: confirmPassword is sent along.
export const register = (input: RegisterInput) =>
  apiFetch<TokenAnswer>('/api/register', { method: 'POST', body: input, token: null }, 'Signup failed');

export const changePassword = (input: ChangePasswordInput) =>
  apiFetch<{ message: string }>(
    '/change-password',
    { method: 'POST', body: input },
    'Password change failed',
  );

/** The text to show for a failed call: the server's message, else the call's fallback or the network text. */
export function failureMessage(error: unknown, networkFallback = NETWORK_ERROR_MESSAGE): string {
  return error instanceof ApiError ? error.message : networkFallback;
}

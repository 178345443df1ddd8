import type { EarlyAccessRequest, EarlyAccessSignup } from '../../../core/early-access/schema';
import { ApiError, apiFetch } from '../../lib/api-client';
import { readStoredToken } from '../../lib/token-storage';

// SPEC 8: the default early-access error, and the text for a network or parse failure.
export const SIGNUP_FAILED_MESSAGE = 'Signup failed';
export const NETWORK_ERROR_MESSAGE = 'An error occurred. Please try again.';

export type SignupOutcome = { ok: true } | { ok: false; message: string };

const messageOf = (body: unknown): string | null =>
  typeof body === 'object' && body !== null && typeof (body as { message?: unknown }).message === 'string'
    ? (body as { message: string }).message
    : null;

/**
 * SPEC 7: POST /api/early-access. Success is judged by HTTP ok; a failure reads the server's
 * message, else 'Signup failed'; a network error or an unreadable answer gives the SPEC 8 text.
 */
export async function sendEarlyAccessSignup(body: EarlyAccessRequest): Promise<SignupOutcome> {
  try {
    const response = await fetch('/api/early-access', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    const answer: unknown = await response.json();
    if (response.ok) return { ok: true };
    return { ok: false, message: messageOf(answer) ?? SIGNUP_FAILED_MESSAGE };
  } catch {
    return { ok: false, message: NETWORK_ERROR_MESSAGE };
  }
}

export const signupsQueryKey = ['early-access', 'signups'] as const;

export const fetchSignups = () =>
  apiFetch<{ signups: EarlyAccessSignup[] }>('/api/early-access').then((body) => body.signups);

const FALLBACK_CSV_NAME = 'early-access-signups.csv';

function attachmentName(disposition: string | null): string {
  const match = /filename="([^"]+)"/.exec(disposition ?? '');
  return match?.[1] ?? FALLBACK_CSV_NAME;
}

/** Fetches the CSV export with the session's bearer token and hands it to the browser as a download. */
export async function downloadSignupsCsv(): Promise<void> {
  const token = readStoredToken();
  const response = await fetch('/api/early-access.csv', {
    headers: token ? { authorization: `Bearer ${token}` } : {},
    credentials: 'include',
    cache: 'no-store',
  });
  if (!response.ok) {
    const message = messageOf(await response.json().catch(() => null));
    throw new ApiError(response.status, message ?? 'Download failed', message !== null);
  }
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = attachmentName(response.headers.get('content-disposition'));
  document.body.append(link);
  link.click();
  link.remove();
  // Some browsers read the blob after click() returns; let them finish before freeing it.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

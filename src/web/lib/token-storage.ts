// SPEC 4: the access token is kept in session storage under this key.
export const TOKEN_KEY = 'accessToken';

export const readStoredToken = (): string | null => sessionStorage.getItem(TOKEN_KEY);

export function storeToken(token: string | null): void {
  if (token) sessionStorage.setItem(TOKEN_KEY, token);
  else sessionStorage.removeItem(TOKEN_KEY);
}

// Not a secret: only whether this browser holds a refresh cookie worth trying, so visitors who
// never signed in are not sent a refresh request that can only fail.
const SESSION_MARKER_KEY = 'replen-has-session';

export const mayHaveRefreshCookie = (): boolean => localStorage.getItem(SESSION_MARKER_KEY) === '1';

export function markRefreshCookie(present: boolean): void {
  if (present) localStorage.setItem(SESSION_MARKER_KEY, '1');
  else localStorage.removeItem(SESSION_MARKER_KEY);
}

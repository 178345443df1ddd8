// SPEC 4: the access token is kept in session storage under this key.
export const TOKEN_KEY = 'accessToken';

export const readStoredToken = (): string | null => sessionStorage.getItem(TOKEN_KEY);

export function storeToken(token: string | null): void {
  if (token) sessionStorage.setItem(TOKEN_KEY, token);
  else sessionStorage.removeItem(TOKEN_KEY);
}

import { useQueryClient } from '@tanstack/react-query';
import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import type { AccessClaims } from '../../core/auth/token-claims';
import { apiFetch } from './api-client';
import { decodeAccessToken } from './jwt';
import { refreshDelayMs } from './refresh-timing';
import { markRefreshCookie, mayHaveRefreshCookie, readStoredToken, storeToken } from './token-storage';

export type SessionStatus = 'checking' | 'signed-in' | 'signed-out';

type Session = {
  status: SessionStatus;
  user: AccessClaims | null;
  token: string | null;
  isRefreshing: boolean;
  error: string | null;
  signIn: (token: string) => void;
  signOut: (options?: { everywhere?: boolean }) => Promise<void>;
  refresh: () => Promise<boolean>;
};

const SessionContext = createContext<Session | null>(null);

// One refresh at a time across the page: a second rotation of the same cookie would look like theft.
let refreshInFlight: Promise<string | null> | null = null;

function requestNewToken(): Promise<string | null> {
  refreshInFlight ??= apiFetch<{ accessToken: string }>(
    '/api/refresh-token',
    { method: 'POST', token: null },
    'Token refresh failed',
  )
    .then((body) => body.accessToken)
    .catch(() => null)
    .finally(() => {
      refreshInFlight = null;
    });
  return refreshInFlight;
}

function initialToken(): string | null {
  const token = readStoredToken();
  return token && decodeAccessToken(token) ? token : null;
}

export function SessionProvider({ children }: { children: ReactNode }) {
  const [token, setToken] = useState<string | null>(initialToken);
  const [status, setStatus] = useState<SessionStatus>(() => {
    if (initialToken()) return 'signed-in';
    return mayHaveRefreshCookie() ? 'checking' : 'signed-out';
  });
  const [isRefreshing, setRefreshing] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const user = useMemo(() => (token ? decodeAccessToken(token) : null), [token]);
  const queryClient = useQueryClient();
  // Whose answers the query cache holds: kept after a sign-out, so that the same user signing in
  // again keeps them and anyone else starts from an empty cache.
  const cacheOwner = useRef<string | null>(user?.sub ?? null);

  const signIn = useCallback(
    (next: string) => {
      const signedIn = decodeAccessToken(next)?.sub ?? null;
      // Another user in this tab: nothing of the previous one's may be shown, even for a moment
      // while the pages ask again. Cleared here, on the sign-in form, where no private page asks.
      if (cacheOwner.current !== null && signedIn !== cacheOwner.current) queryClient.clear();
      cacheOwner.current = signedIn;
      storeToken(next);
      markRefreshCookie(true);
      setToken(next);
      setError(null);
      setStatus('signed-in');
    },
    [queryClient],
  );

  const clearLocal = useCallback(() => {
    storeToken(null);
    markRefreshCookie(false);
    setToken(null);
    setStatus('signed-out');
  }, []);

  const refresh = useCallback(async () => {
    setRefreshing(true);
    const next = await requestNewToken();
    setRefreshing(false);
    if (next) {
      signIn(next);
      return true;
    }
    // SPEC 4: a failed refresh signs the user out locally.
    setError('Token refresh failed');
    clearLocal();
    return false;
  }, [signIn, clearLocal]);

  const signOut = useCallback(
    async (options: { everywhere?: boolean } = {}) => {
      try {
        await apiFetch('/api/logout', {
          method: 'POST',
          body: options.everywhere ? { everywhere: true } : undefined,
        });
      } catch (failure) {
        // SPEC 8: a failed logout is only logged; the local session is cleared anyway.
        console.error('Logout failed', failure);
      }
      setError(null);
      clearLocal();
    },
    [clearLocal],
  );

  // No token in this tab (a new tab, or a reload after sign-out elsewhere): the cookie may still hold a session.
  useEffect(() => {
    if (status !== 'checking') return;
    void requestNewToken().then((next) => (next ? signIn(next) : clearLocal()));
  }, [status, signIn, clearLocal]);

  useEffect(() => {
    if (!user) return;
    const timer = setTimeout(() => void refresh(), refreshDelayMs(user.exp, Date.now()));
    return () => clearTimeout(timer);
  }, [user, refresh]);

  const value = useMemo(
    () => ({ status, user, token, isRefreshing, error, signIn, signOut, refresh }),
    [status, user, token, isRefreshing, error, signIn, signOut, refresh],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession must be used inside SessionProvider');
  return session;
}

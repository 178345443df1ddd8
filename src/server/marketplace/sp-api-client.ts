import { gunzipSync } from 'node:zlib';
import { REGION_ENDPOINTS, type Region } from '../../core/marketplace/marketplaces';

// A small fetch-based client of the Selling Partner API and its Login with Amazon (LWA) token
// endpoint (decision 015: the registry's clients hard-code the LWA address, so no stand-in could
// answer them). Every message it raises is meant for the seller and never holds a secret.

export const LWA_TOKEN_URL = 'https://api.amazon.com/auth/o2/token';

export type Credentials = { clientId: string; clientSecret: string; refreshToken: string };

export type SpApiErrorKind =
  | 'credentials'
  | 'revoked'
  | 'throttled'
  | 'unavailable'
  | 'unreachable'
  | 'bad-answer'
  | 'report-failed';

export class SpApiError extends Error {
  constructor(
    readonly kind: SpApiErrorKind,
    message: string,
  ) {
    super(message);
  }
}

export type ClientOptions = {
  region: Region;
  credentials: Credentials;
  /**
   * Testing only: one base URL that serves both the LWA token endpoint (`/auth/o2/token`) and the
   * SP-API paths, instead of Amazon's hosts. Production leaves it unset.
   */
  testingEndpoint?: string;
  /** One request's limit; a sync step fails on an unreachable endpoint within about twice this. */
  requestTimeoutMs?: number;
  /** Attempts of one request that Amazon throttles (429) or fails (5xx). */
  maxAttempts?: number;
  /** The first back-off; it doubles per attempt. */
  backoffMs?: number;
  /** The longest single wait, whatever the rate headers say. */
  maxWaitMs?: number;
  sleep?: (ms: number) => Promise<void>;
};

export type SpApiClient = {
  /** Exchanges the refresh token for an access token (cached until a minute before it expires). */
  accessToken: () => Promise<string>;
  get: <T>(path: string, query?: Record<string, string | undefined>) => Promise<T>;
  post: <T>(path: string, body: unknown) => Promise<T>;
  /** A report document's bytes as text, unzipped when Amazon compressed it. */
  download: (url: string, compression: string | undefined) => Promise<string>;
};

const MAX_DOCUMENT_BYTES = 256 * 1024 * 1024;

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

const unreachable = (host: string) =>
  new SpApiError(
    'unreachable',
    `Could not reach Amazon (${host}): the connection failed or took too long. The step will be tried again at the next sync.`,
  );

export function createSpApiClient(options: ClientOptions): SpApiClient {
  const base = (options.testingEndpoint ?? REGION_ENDPOINTS[options.region]).replace(/\/$/, '');
  const tokenUrl = options.testingEndpoint ? `${base}/auth/o2/token` : LWA_TOKEN_URL;
  const timeoutMs = options.requestTimeoutMs ?? 12_000;
  const maxAttempts = options.maxAttempts ?? 5;
  const backoffMs = options.backoffMs ?? 1000;
  const maxWaitMs = options.maxWaitMs ?? 60_000;
  const sleep = options.sleep ?? defaultSleep;
  let token: { value: string; expiresAt: number } | null = null;

  /** A network failure or timeout is tried once more; Amazon's throttling and 5xx per maxAttempts. */
  async function send(url: string, init: RequestInit): Promise<Response> {
    const host = new URL(url).host;
    for (let attempt = 0; ; attempt++) {
      try {
        return await fetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
      } catch {
        if (attempt >= 1) throw unreachable(host);
      }
    }
  }

  async function accessToken(): Promise<string> {
    if (token && token.expiresAt > Date.now() + 60_000) return token.value;
    const response = await send(tokenUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded;charset=UTF-8' },
      body: new URLSearchParams({
        grant_type: 'refresh_token',
        refresh_token: options.credentials.refreshToken,
        client_id: options.credentials.clientId,
        client_secret: options.credentials.clientSecret,
      }).toString(),
    });
    const body = (await response.json().catch(() => null)) as {
      access_token?: unknown;
      expires_in?: unknown;
      error?: unknown;
    } | null;
    if (response.ok && typeof body?.access_token === 'string') {
      const seconds = typeof body.expires_in === 'number' ? body.expires_in : 3600;
      token = { value: body.access_token, expiresAt: Date.now() + seconds * 1000 };
      return token.value;
    }
    if (body?.error === 'invalid_client' || response.status === 401) {
      throw new SpApiError(
        'credentials',
        'Amazon refused the LWA client id or client secret: check them in Settings → Marketplace.',
      );
    }
    if (body?.error === 'invalid_grant' || response.status === 400) {
      throw new SpApiError(
        'credentials',
        'Amazon refused the refresh token: it is wrong, expired or was revoked. Authorise the app again in Seller Central and paste the new token.',
      );
    }
    if (response.status === 429 || response.status >= 500) {
      throw new SpApiError(
        'unavailable',
        `Amazon's sign-in service answered ${response.status}; the step will be tried again at the next sync.`,
      );
    }
    throw new SpApiError('bad-answer', `Amazon's sign-in service answered ${response.status} unexpectedly.`);
  }

  /** How long to wait before the next attempt: Retry-After, else the rate the headers announce. */
  function waitFor(response: Response, attempt: number): number {
    const exponential = backoffMs * 2 ** attempt;
    const retryAfter = Number(response.headers.get('retry-after'));
    if (Number.isFinite(retryAfter) && retryAfter > 0) return Math.min(maxWaitMs, retryAfter * 1000);
    const rate = Number(response.headers.get('x-amzn-ratelimit-limit'));
    const perRequest = Number.isFinite(rate) && rate > 0 ? 1000 / rate : 0;
    return Math.min(maxWaitMs, Math.max(exponential, perRequest));
  }

  async function call<T>(
    method: 'GET' | 'POST',
    path: string,
    init: { query?: Record<string, string | undefined>; body?: unknown },
  ): Promise<T> {
    const url = new URL(`${base}${path}`);
    for (const [key, value] of Object.entries(init.query ?? {}))
      if (value !== undefined) url.searchParams.set(key, value);
    let refreshed = false;
    for (let attempt = 0; ; attempt++) {
      const response = await send(url.toString(), {
        method,
        headers: {
          'x-amz-access-token': await accessToken(),
          accept: 'application/json',
          ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: init.body === undefined ? undefined : JSON.stringify(init.body),
      });
      if (response.ok) {
        const body = await response.json().catch(() => {
          throw new SpApiError('bad-answer', `Amazon answered ${path} with something that is not JSON.`);
        });
        return body as T;
      }
      await response.body?.cancel();
      // An access token that expired early: take a new one once.
      if (response.status === 401 && !refreshed) {
        refreshed = true;
        token = null;
        continue;
      }
      if (response.status === 401 || response.status === 403) {
        throw new SpApiError(
          'revoked',
          'Amazon refused access: the authorisation was revoked or the app lacks the role for this data. Scheduled syncs are paused until you reconnect in Settings → Marketplace.',
        );
      }
      const retryable = response.status === 429 || response.status >= 500;
      if (!retryable) throw new SpApiError('bad-answer', `Amazon answered ${response.status} to ${path}.`);
      if (attempt + 1 >= maxAttempts) {
        throw response.status === 429
          ? new SpApiError(
              'throttled',
              'Amazon kept asking us to slow down (429); the step will be tried again at the next sync.',
            )
          : new SpApiError(
              'unavailable',
              `Amazon's service answered ${response.status} ${maxAttempts} times; the step will be tried again at the next sync.`,
            );
      }
      await sleep(waitFor(response, attempt));
    }
  }

  async function download(url: string, compression: string | undefined): Promise<string> {
    const response = await send(url, { method: 'GET' });
    if (!response.ok) {
      await response.body?.cancel();
      throw new SpApiError(
        'unavailable',
        `Amazon's report document could not be downloaded (${response.status}).`,
      );
    }
    const declared = Number(response.headers.get('content-length'));
    if (declared > MAX_DOCUMENT_BYTES)
      throw new SpApiError('bad-answer', 'Amazon sent a report larger than 256 MB.');
    const bytes = Buffer.from(await response.arrayBuffer());
    try {
      const plain =
        compression === 'GZIP' ? gunzipSync(bytes, { maxOutputLength: MAX_DOCUMENT_BYTES }) : bytes;
      return plain.toString('utf8');
    } catch {
      throw new SpApiError('bad-answer', 'Amazon sent a compressed report that could not be read.');
    }
  }

  return {
    accessToken,
    get: (path, query) => call('GET', path, { query }),
    post: (path, body) => call('POST', path, { body }),
    download,
  };
}

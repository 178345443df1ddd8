import { readStoredToken } from './token-storage';

/** A failed API call: the server's message when it sent one, and the HTTP status. */
export class ApiError extends Error {
  // Set by hand: the minifier renames the class, and consoles print an error's name before its
  // message ("ns: Forbidden" in the production build).
  override readonly name = 'ApiError';

  constructor(
    readonly status: number,
    message: string,
    readonly hasServerMessage: boolean,
    /** The whole error body, for answers that carry more than a message (a 409's conflicts). */
    readonly body: unknown = null,
  ) {
    super(message);
  }
}

type RequestOptions = {
  method?: string;
  body?: unknown;
  /** A body already in JSON, made off the page's thread (a part of a large file). */
  json?: string;
  signal?: AbortSignal;
  token?: string | null;
  headers?: Record<string, string>;
  /** Reads a successful answer's body in place of parsing it whole (an error's is still parsed). */
  readBody?: (response: Response) => Promise<unknown>;
};

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

const serverMessage = (body: unknown): string | null =>
  typeof body === 'object' && body !== null && typeof (body as { message?: unknown }).message === 'string'
    ? (body as { message: string }).message
    : null;

let writes = 0;

/** How many requests that may change data this tab has sent: an answer read before one may be stale. */
export const writesSent = (): number => writes;

/**
 * Every API call goes through here: bearer token from session storage, cookies included,
 * JSON both ways. Non-OK answers throw ApiError with the server's message or `fallback`.
 */
export async function apiFetch<T>(path: string, options: RequestOptions = {}, fallback?: string): Promise<T> {
  const token = options.token === undefined ? readStoredToken() : options.token;
  const method = options.method ?? 'GET';
  if (method !== 'GET') writes++;
  const headers: Record<string, string> = { ...options.headers };
  if (token) headers.authorization = `Bearer ${token}`;
  if (options.body !== undefined || options.json !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(path, {
    method,
    headers,
    body: options.json ?? (options.body === undefined ? undefined : JSON.stringify(options.body)),
    credentials: 'include',
    cache: 'no-store',
    signal: options.signal,
  });
  if (response.ok && options.readBody) return (await options.readBody(response)) as T;
  const body = await readJson(response);
  if (!response.ok) {
    const message = serverMessage(body);
    throw new ApiError(
      response.status,
      message ?? fallback ?? `HTTP error! status: ${response.status}`,
      message !== null,
      body,
    );
  }
  return body as T;
}

/** A small fetch wrapper for API tests: real HTTP, with a cookie jar for the refresh cookie. */
export type ApiResponse<T = Record<string, unknown>> = {
  status: number;
  body: T;
  headers: Headers;
};

export function createClient(baseUrl: string) {
  const jar = new Map<string, string>();

  async function request<T = Record<string, unknown>>(
    method: string,
    path: string,
    options: {
      body?: unknown;
      rawBody?: string;
      token?: string | null;
      headers?: Record<string, string>;
    } = {},
  ): Promise<ApiResponse<T>> {
    const headers: Record<string, string> = { ...options.headers };
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    if (jar.size > 0) headers.cookie = [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
    let body: string | undefined;
    if (options.rawBody !== undefined) body = options.rawBody;
    else if (options.body !== undefined) body = JSON.stringify(options.body);
    if (body !== undefined) headers['content-type'] ??= 'application/json';
    const response = await fetch(`${baseUrl}${path}`, { method, headers, body });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair] = cookie.split(';');
      const [name, ...value] = (pair ?? '').split('=');
      if (!name) continue;
      const isCleared = /Max-Age=0|Expires=Thu, 01 Jan 1970/i.test(cookie) || value.join('=') === '';
      if (isCleared) jar.delete(name.trim());
      else jar.set(name.trim(), value.join('='));
    }
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      // Not JSON: the test sees the raw text.
    }
    return { status: response.status, body: parsed as T, headers: response.headers };
  }

  return {
    jar,
    request,
    get: <T = Record<string, unknown>>(path: string, token?: string | null) =>
      request<T>('GET', path, { token }),
    post: <T = Record<string, unknown>>(path: string, body?: unknown, token?: string | null) =>
      request<T>('POST', path, { body, token }),
    patch: <T = Record<string, unknown>>(path: string, body?: unknown, token?: string | null) =>
      request<T>('PATCH', path, { body, token }),
    put: <T = Record<string, unknown>>(path: string, body?: unknown, token?: string | null) =>
      request<T>('PUT', path, { body, token }),
    del: <T = Record<string, unknown>>(path: string, token?: string | null) =>
      request<T>('DELETE', path, { token }),
  };
}

export type Client = ReturnType<typeof createClient>;

let counter = 0;
/** A unique, valid sign-up body; the password passes the DESIGN 7 policy. */
export function signUpBody(overrides: Record<string, unknown> = {}) {
  counter += 1;
  const email = `seller${Date.now().toString(36)}${counter}@example.com`;
  return {
    fullName: 'Pat Seller',
    email,
    contactNumber: '(555) 123-4567',
    country: 'USA',
    password: 'Granite-Harbor-Violet-42',
    confirmPassword: 'Granite-Harbor-Violet-42',
    ...overrides,
  };
}

/** Signs up a new account owner and answers its access token, email and client (cookie jar). */
export async function signUp(baseUrl: string, overrides: Record<string, unknown> = {}) {
  const client = createClient(baseUrl);
  const body = signUpBody(overrides);
  const response = await client.post<{ accessToken: string }>('/api/register', body);
  if (response.status !== 201)
    throw new Error(`sign-up failed: ${response.status} ${JSON.stringify(response.body)}`);
  return { client, token: response.body.accessToken, email: body.email, password: body.password };
}

/** An owner adds a `user`-role member through the API; answers the member's token and client. */
export async function addMemberAndLogIn(
  baseUrl: string,
  ownerToken: string,
  overrides: Record<string, unknown> = {},
) {
  counter += 1;
  const member = {
    fullName: 'Morgan Member',
    email: `member${Date.now().toString(36)}${counter}@example.com`,
    password: 'Pebble-Orchard-Sunrise-31',
    ...overrides,
  };
  const owner = createClient(baseUrl);
  const added = await owner.post<{ id: string }>('/api/account/members', member, ownerToken);
  if (added.status !== 201)
    throw new Error(`add member failed: ${added.status} ${JSON.stringify(added.body)}`);
  const client = createClient(baseUrl);
  const login = await client.post<{ accessToken: string }>('/api/login', {
    email: member.email,
    password: member.password,
  });
  return { client, token: login.body.accessToken, id: added.body.id, email: member.email };
}

import type { FastifyInstance } from 'fastify';
import { badRequest } from './errors';

/** Far deeper than any body of the app (an import row sits three levels down). */
export const MAX_JSON_DEPTH = 64;

export const TOO_DEEP_MESSAGE = `The request body nests more than ${MAX_JSON_DEPTH} levels of arrays or objects`;

/**
 * Whether JSON opens more than `max` arrays or objects inside one another, outside strings.
 * Stops at the first level past `max`: a body of millions of `[` is refused after a few bytes,
 * where JSON.parse spent seconds building its arrays (32 MiB of them: about 5 s on the event loop).
 * It reads the body's UTF-8 bytes, not the decoded text: every byte it looks for is ASCII, which
 * never occurs inside a multi-byte character, and indexing bytes is about 1.5 times as fast as
 * reading characters of the string (a 59 MB import body: about 190 against 300-400 ms on a slow
 * machine).
 */
export function nestsDeeperThan(json: Uint8Array, max: number): boolean {
  let depth = 0;
  const length = json.length;
  for (let i = 0; i < length; i++) {
    const code = json[i]!;
    if (code === 34) {
      // A string: skip to its closing quote, stepping over escaped characters.
      for (i++; i < length; i++) {
        const inner = json[i]!;
        if (inner === 92) i++;
        else if (inner === 34) break;
      }
    } else if (code === 91 || code === 123) {
      if (++depth > max) return true;
    } else if (code === 93 || code === 125) {
      depth--;
    }
  }
  return false;
}

/**
 * Fastify's own JSON parser (prototype poisoning refused, as configured), behind a check of the
 * body's nesting: one request's body can no longer hold the event loop while it is parsed.
 */
export function registerJsonBodyParser(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, body, done) => {
    const bytes = typeof body === 'string' ? Buffer.from(body) : body;
    if (nestsDeeperThan(bytes, MAX_JSON_DEPTH)) {
      done(badRequest(TOO_DEEP_MESSAGE), undefined);
      return;
    }
    parseJson(request, bytes.toString('utf8'), done);
  });
}

import { z } from 'zod';

/**
 * Every validation message names its field (DESIGN 6). Schemas give their own messages; this
 * covers the checks that do not (a route parameter, a query string), in place of zod's defaults
 * such as "Too small: expected string to have >=1 characters". The server installs it once
 * (http/validate.ts); the web's forms give every message themselves (and the landing page stays
 * free of zod).
 */
const KIND: Record<string, string> = {
  string: 'text',
  number: 'a number',
  int: 'a whole number',
  boolean: 'true or false',
  object: 'an object',
  array: 'a list',
  bigint: 'a number',
  date: 'a date',
};

function fieldName(path: ReadonlyArray<PropertyKey> | undefined): string {
  const named = [...(path ?? [])].reverse().find((key) => typeof key === 'string');
  return typeof named === 'string' ? named.slice(0, 60) : 'The value';
}

type Issue = z.core.$ZodRawIssue;

function sizeMessage(
  field: string,
  issue: Issue & { origin?: string },
  word: 'least' | 'most',
  limit: unknown,
) {
  const bound =
    typeof limit === 'bigint' || typeof limit === 'number' ? limit.toLocaleString('en-US') : String(limit);
  if (issue.origin === 'string') {
    if (word === 'least' && Number(limit) === 1) return `${field} is required`;
    return `${field} must be at ${word} ${bound} characters`;
  }
  if (issue.origin === 'array' || issue.origin === 'set')
    return `${field} must have at ${word} ${bound} items`;
  return `${field} must be at ${word} ${bound}`;
}

export function fieldMessage(issue: Issue): string {
  const field = fieldName(issue.path);
  switch (issue.code) {
    case 'invalid_type':
      return issue.input === undefined
        ? `${field} is required`
        : `${field} must be ${KIND[String(issue.expected)] ?? String(issue.expected)}`;
    case 'too_small':
      return sizeMessage(field, issue, 'least', issue.minimum);
    case 'too_big':
      return sizeMessage(field, issue, 'most', issue.maximum);
    case 'unrecognized_keys': {
      const keys = issue.keys.slice(0, 5).map((key) => `"${key.slice(0, 50)}"`);
      return `Unknown field${issue.keys.length > 1 ? 's' : ''} ${keys.join(', ')}`;
    }
    case 'invalid_value':
      return `${field} must be one of ${issue.values
        .slice(0, 10)
        .map((value) => JSON.stringify(value))
        .join(', ')}`;
    case 'not_multiple_of':
      return `${field} must be a multiple of ${String(issue.divisor)}`;
    default:
      return `${field} is not valid`;
  }
}

let installed = false;

/** Makes fieldMessage zod's default message everywhere in this process (or page). */
export function installFieldMessages(): void {
  if (installed) return;
  installed = true;
  z.config({ customError: (issue) => fieldMessage(issue) });
}

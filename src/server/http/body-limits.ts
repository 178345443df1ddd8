/**
 * The largest JSON body a route reads. Every body of the app but an import is a few KiB at most
 * (the longest: a column order, an access schema, a sign-up), so 64 KiB leaves room and a larger
 * body is refused with 413 before it is read. The import route sets its own limit.
 */
export const JSON_BODY_LIMIT = 64 * 1024;

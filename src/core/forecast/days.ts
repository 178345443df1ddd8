// Calendar days as whole numbers (days since 1970-01-01), so that history arrays index by day and
// windows are plain subtraction. Dates carry no time zone: a day is the marketplace's calendar day.

const MS_PER_DAY = 86_400_000;
const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

// The last date read and its day number: a table derives every row for the same today.
let lastIso = '';
let lastDayNumber: number | null = null;

/** The day number of an ISO date (YYYY-MM-DD), or null when it is not a real calendar date. */
export function dayNumber(iso: string): number | null {
  if (iso === lastIso) return lastDayNumber;
  const match = ISO_DAY.exec(iso);
  let found: number | null = null;
  if (match) {
    const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
    const ms = Date.UTC(year, month - 1, day);
    const date = new Date(ms);
    // Date.UTC rolls 2023-02-30 over to March: a real date survives the round trip unchanged.
    const real =
      date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
    if (real) found = ms / MS_PER_DAY;
  }
  lastIso = iso;
  lastDayNumber = found;
  return found;
}

/** The most dates `isoDay` keeps (a table's stock-out dates fall within a few years of today). */
const KEPT_ISO_DAYS = 4096;
const isoDays = new Map<number, string>();

/** The ISO date (YYYY-MM-DD) of a day number. */
export function isoDay(day: number): string {
  let iso = isoDays.get(day);
  if (iso === undefined) {
    // A million rows' stock-out and reorder-by dates made two million Dates here.
    iso = new Date(day * MS_PER_DAY).toISOString().slice(0, 10);
    // Full: the dates kept first (today's neighbours, read by most rows) stay.
    if (isoDays.size < KEPT_ISO_DAYS) isoDays.set(day, iso);
  }
  return iso;
}

/** The day number of an instant, in UTC. */
export const utcDayOf = (ms: number) => Math.floor(ms / MS_PER_DAY);

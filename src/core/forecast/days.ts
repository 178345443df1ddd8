// Calendar days as whole numbers (days since 1970-01-01), so that history arrays index by day and
// windows are plain subtraction. Dates carry no time zone: a day is the marketplace's calendar day.

const MS_PER_DAY = 86_400_000;
const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The day number of an ISO date (YYYY-MM-DD), or null when it is not a real calendar date. */
export function dayNumber(iso: string): number | null {
  const match = ISO_DAY.exec(iso);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const ms = Date.UTC(year, month - 1, day);
  const date = new Date(ms);
  // Date.UTC rolls 2023-02-30 over to March: a real date survives the round trip unchanged.
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) {
    return null;
  }
  return ms / MS_PER_DAY;
}

/** The ISO date (YYYY-MM-DD) of a day number. */
export const isoDay = (day: number) => new Date(day * MS_PER_DAY).toISOString().slice(0, 10);

/** The day number of an instant, in UTC. */
export const utcDayOf = (ms: number) => Math.floor(ms / MS_PER_DAY);

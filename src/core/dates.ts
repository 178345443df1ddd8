/** The UTC calendar date (YYYY-MM-DD) of a timestamp, as exports and file names show it. */
export const isoDate = (when: string | number | Date) => new Date(when).toISOString().slice(0, 10);

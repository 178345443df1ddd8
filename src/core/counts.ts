/** '1 row', '2 rows', '12,345 rows': a count with its unit in the right number. */
export function countOf(count: number, unit: string, plural = `${unit}s`): string {
  return `${count.toLocaleString('en-US')} ${count === 1 ? unit : plural}`;
}

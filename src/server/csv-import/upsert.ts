import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import type {
  ChangeExample,
  FieldChange,
  ImportOptions,
  ImportPreview,
} from '../../core/csv-import/import-request';
import type { ImportTable } from '../../core/csv-import/import-table';
import { TARGET_KEYS, type TargetKey } from '../../core/csv-import/targets';
import { checkCopyable, copyChunks } from '../db/copy-text';
import type { Db } from '../db/pool';
import { PRODUCT_SQL_TYPES } from '../db/product-sql-types';
import { inAccountTransaction } from './account-lock';

// DESIGN 6 and 12: one import is one transaction. The rows are COPied into a temporary table;
// one query compares them with the stored products (what each changes, what it clears, the
// values it replaces); then one UPDATE and one INSERT write them, and the replaced values go to
// the history in the same transaction. A dry run is the same transaction rolled back, so the
// preview is exactly what the import does.

/** How many changed values per field the preview shows. */
const EXAMPLES_PER_FIELD = 3;
/** The first changed rows read for examples at once; rarer fields are looked up one by one. */
const EXAMPLE_SCAN = 500;

export type ImportWho = { userId: string; name: string; email: string };
export type ImportRun = ImportOptions & { dryRun: boolean; who: ImportWho; now: Date };
export type ImportOutcome = ImportPreview & { importId: string | null };

/** Streams COPY text into `COPY <target> FROM STDIN`, with backpressure. */
async function copyInto(client: pg.PoolClient, target: string, text: Iterable<string>): Promise<void> {
  await pipeline(Readable.from(text), client.query(copyFrom(`COPY ${target} FROM STDIN`)));
}

/** Bit i of a field mask stands for fields[i]. JS numbers hold 53 bits exactly. */
const bit = (index: number) => 2 ** index;

type Plan = {
  /** The fields the import writes, in target order: only these change on existing products. */
  fields: TargetKey[];
  /** msku, then the fields. */
  columns: TargetKey[];
  /** Clear mode: a per-row mask of the fields a row leaves out (those keep the stored value). */
  hasKeepMask: boolean;
  blanks: ImportOptions['blanks'];
};

function planOf(table: ImportTable, blanks: ImportOptions['blanks']): Plan {
  // Named from TARGET_KEYS, as every column name in the SQL below.
  const fields = TARGET_KEYS.filter((field) => field !== 'msku' && table.fields.includes(field));
  const columns: TargetKey[] = ['msku', ...fields];
  if (fields.length > 53) throw new Error('Too many import fields for the change mask');
  return { fields, columns, hasKeepMask: blanks === 'clear', blanks };
}

/**
 * The value a field takes on an existing product. A blank (null) keeps the stored value unless
 * the import clears blanks; a field the row leaves out always keeps it; replen has no empty state.
 */
function newValue(plan: Plan, field: TargetKey, index: number): string {
  if (field === 'replen' || plan.blanks === 'keep') return `COALESCE(r.${field}, p.${field})`;
  return `CASE WHEN r.keep_mask & ${bit(index)}::bigint <> 0 THEN p.${field} ELSE r.${field} END`;
}

/** Per row, the mask of the fields it leaves out. */
function keepMasks(table: ImportTable, fields: readonly TargetKey[]): Float64Array {
  const masks = new Float64Array(table.size);
  fields.forEach((field, index) => {
    const leftOut = table.leftOut[field];
    if (leftOut)
      for (let row = 0; row < table.size; row += 1) if (leftOut[row] === 1) masks[row]! += bit(index);
  });
  return masks;
}

async function stage(client: pg.PoolClient, plan: Plan, table: ImportTable): Promise<void> {
  const definitions = [
    'ord integer',
    ...(plan.hasKeepMask ? ['keep_mask bigint'] : []),
    ...plan.columns.map((column) => `${column} ${PRODUCT_SQL_TYPES.get(column)}`),
  ];
  await client.query(`CREATE TEMP TABLE import_rows (${definitions.join(', ')}) ON COMMIT DROP`);
  const masks = plan.hasKeepMask ? keepMasks(table, plan.fields) : null;
  const perRow = masks ? (index: number) => [index, masks[index]] : (index: number) => [index];
  const target = `import_rows (ord, ${plan.hasKeepMask ? 'keep_mask, ' : ''}${plan.columns.join(', ')})`;
  await copyInto(client, target, copyChunks(table, plan.columns, { perRow }));
}

/**
 * Compares the staged rows with the stored products, one row per staged row: whether it creates a
 * product, the product's version before, and masks of the fields it changes and of those it
 * clears. The masks are plain expressions over the join, so one pass computes them. A real import
 * also keeps the values it replaces (`before`, text by field position, only for changed fields),
 * so that its history is written from this table without joining the products a second time.
 */
async function diff(
  client: pg.PoolClient,
  accountId: string,
  plan: Plan,
  keepBefore: boolean,
): Promise<void> {
  const mask = (condition: (field: TargetKey, index: number) => string) =>
    plan.fields.length === 0
      ? '0'
      : plan.fields
          .map((field, index) => `CASE WHEN ${condition(field, index)} THEN ${bit(index)} ELSE 0 END`)
          .join(' + ');
  const changed = mask((field, index) => `${newValue(plan, field, index)} IS DISTINCT FROM p.${field}`);
  const cleared = mask(
    (field, index) => `${newValue(plan, field, index)} IS NULL AND p.${field} IS NOT NULL`,
  );
  const stored = keepBefore
    ? [...plan.fields.map((field, index) => `, p.${field} AS before_${index}`), ', p.last_import_id']
    : [];
  const before = keepBefore
    ? plan.fields.map(
        (_field, index) =>
          `CASE WHEN d.changed & ${bit(index)}::bigint <> 0 THEN d.before_${index}::text END`,
      )
    : [];
  const beforeArray =
    before.length > 0 ? `CASE WHEN d.changed <> 0 THEN ARRAY[${before.join(', ')}] END` : 'NULL';
  await client.query(
    `CREATE TEMP TABLE import_diff ON COMMIT DROP AS
     SELECT d.ord, d.msku, d.created, d.version_before, d.changed, d.cleared, ${beforeArray}::text[] AS before
       ${keepBefore ? ', d.last_import_id AS import_before' : ''}
     FROM (
       SELECT r.ord, r.msku, p.msku IS NULL AS created, p.version AS version_before,
         CASE WHEN p.msku IS NULL THEN 0 ELSE (${changed})::bigint END AS changed,
         CASE WHEN p.msku IS NULL THEN 0 ELSE (${cleared})::bigint END AS cleared
         ${stored.join('')}
       FROM import_rows AS r LEFT JOIN products AS p ON p.account_id = $1 AND p.msku = r.msku
       -- Keeps the inner query whole: inlined, each mask would be computed once per use.
       OFFSET 0
     ) AS d`,
    [accountId],
  );
}

/**
 * The history of a real import: per product it creates or changes, the mask of changed fields,
 * the values it replaces, the versions before and after and the last import that had written the
 * product, all read from the comparison.
 */
async function recordChanges(client: pg.PoolClient, accountId: string, importId: string): Promise<void> {
  await client.query(
    `INSERT INTO import_changes (account_id, import_id, msku, ord, created, changed, before, version_before,
       version_after, import_before)
     SELECT $1, $2, msku, ord, created, changed, before, version_before,
       CASE WHEN created THEN 1 ELSE version_before + 1 END, import_before
     FROM import_diff WHERE created OR changed <> 0`,
    [accountId, importId],
  );
}

type CountsRow = Record<string, number>;

async function summarize(client: pg.PoolClient, plan: Plan): Promise<CountsRow> {
  const perField = plan.fields.flatMap((_field, index) => [
    `COALESCE(sum(rows) FILTER (WHERE changed & ${bit(index)}::bigint <> 0), 0)::int AS changed_${index}`,
    `COALESCE(sum(rows) FILTER (WHERE cleared & ${bit(index)}::bigint <> 0), 0)::int AS cleared_${index}`,
  ]);
  // Rows that change the same fields are counted together first, so the per-field counts test
  // each combination of fields once (fewer combinations than rows; a report that changes a few
  // fields has a few) instead of every row.
  const result = await client.query<CountsRow>(
    `SELECT COALESCE(sum(rows) FILTER (WHERE created), 0)::int AS inserted,
       COALESCE(sum(rows) FILTER (WHERE NOT created AND changed <> 0), 0)::int AS updated,
       COALESCE(sum(rows) FILTER (WHERE NOT created AND changed = 0), 0)::int AS unchanged
       ${perField.length > 0 ? `, ${perField.join(', ')}` : ''}
     FROM (SELECT created, changed, cleared, count(*) AS rows FROM import_diff GROUP BY created, changed, cleared) AS g`,
  );
  return result.rows[0]!;
}

type ChangedRow = { ord: number; msku: string; changed: number };

/** The first changed values of each field, in file order: the old value and the new one. */
async function examples(
  client: pg.PoolClient,
  accountId: string,
  plan: Plan,
  counts: CountsRow,
): Promise<Map<TargetKey, ChangeExample[]>> {
  const hasBit = (row: ChangedRow, index: number) => Math.floor(row.changed / bit(index)) % 2 === 1;
  const first = await client.query<ChangedRow>(
    `SELECT ord, msku, changed FROM import_diff WHERE changed <> 0 ORDER BY ord LIMIT ${EXAMPLE_SCAN}`,
  );
  const picked = new Map<number, ChangedRow[]>();
  for (const [index] of plan.fields.entries()) {
    const total = Math.min(EXAMPLES_PER_FIELD, counts[`changed_${index}`] ?? 0);
    if (total === 0) continue;
    let rows = first.rows.filter((row) => hasBit(row, index)).slice(0, EXAMPLES_PER_FIELD);
    if (rows.length < total) {
      // A field that changes rarely: its first changes lie beyond the rows read above.
      const more = await client.query<ChangedRow>(
        `SELECT ord, msku, changed FROM import_diff WHERE changed & ${bit(index)}::bigint <> 0
         ORDER BY ord LIMIT ${EXAMPLES_PER_FIELD}`,
      );
      rows = more.rows;
    }
    picked.set(index, rows);
  }
  const all = [...picked.values()].flat();
  if (all.length === 0) return new Map();
  const stored = await client.query<Record<string, unknown>>(
    'SELECT * FROM products WHERE account_id = $1 AND msku = ANY($2::text[])',
    [accountId, [...new Set(all.map((row) => row.msku))]],
  );
  const staged = await client.query<Record<string, unknown>>(
    'SELECT * FROM import_rows WHERE ord = ANY($1::int[])',
    [[...new Set(all.map((row) => row.ord))]],
  );
  const storedByMsku = new Map(stored.rows.map((row) => [row.msku as string, row]));
  const stagedByOrd = new Map(staged.rows.map((row) => [row.ord as number, row]));
  const answer = new Map<TargetKey, ChangeExample[]>();
  for (const [index, rows] of picked) {
    const field = plan.fields[index]!;
    answer.set(
      field,
      // A changed field always takes the staged value: a kept one would not have changed.
      rows.map((row) => ({
        msku: row.msku,
        before: storedByMsku.get(row.msku)?.[field] ?? null,
        after: stagedByOrd.get(row.ord)?.[field] ?? null,
      })),
    );
  }
  return answer;
}

function fieldChanges(plan: Plan, counts: CountsRow, found: Map<TargetKey, ChangeExample[]>): FieldChange[] {
  return plan.fields
    .map((field, index) => ({
      field,
      changed: counts[`changed_${index}`] ?? 0,
      cleared: counts[`cleared_${index}`] ?? 0,
      examples: found.get(field) ?? [],
    }))
    .filter((change) => change.changed > 0);
}

/**
 * Writes the staged changes: changed products get the new values, a new version and this import
 * as their last; new ones are inserted. A statement the comparison found nothing for is not run (a daily re-import of the same
 * SKUs inserts none), since each one joins every staged row with the account's products.
 */
async function apply(
  client: pg.PoolClient,
  accountId: string,
  importId: string,
  plan: Plan,
  { inserted, updated }: ImportPreview,
): Promise<void> {
  if (plan.fields.length > 0 && updated > 0) {
    const set = plan.fields.map((field, index) => `${field} = ${newValue(plan, field, index)}`);
    const stored = plan.fields.map((field) => `p.${field}`).join(', ');
    const next = plan.fields.map((field, index) => newValue(plan, field, index)).join(', ');
    // A row that would change nothing is left alone: its version (the ETag) stays, so a re-import
    // of an unchanged report does not turn everyone's open edits stale.
    await client.query(
      `UPDATE products AS p
       SET ${set.join(', ')}, version = p.version + 1, updated_at = now(), last_import_id = $2
       FROM import_rows AS r
       WHERE p.account_id = $1 AND p.msku = r.msku AND ROW(${stored}) IS DISTINCT FROM ROW(${next})`,
      [accountId, importId],
    );
  }
  if (inserted === 0) return;
  const values = plan.columns.map((column) =>
    column === 'replen' ? 'COALESCE(r.replen, false)' : `r.${column}`,
  );
  await client.query(
    `INSERT INTO products (account_id, last_import_id, ${plan.columns.join(', ')})
     SELECT $1, $2, ${values.join(', ')} FROM import_rows AS r
     WHERE NOT EXISTS (SELECT 1 FROM products AS p WHERE p.account_id = $1 AND p.msku = r.msku)`,
    [accountId, importId],
  );
}

async function recordImport(
  client: pg.PoolClient,
  accountId: string,
  run: ImportRun,
  plan: Plan,
  preview: ImportPreview,
): Promise<string> {
  const result = await client.query<{ id: string }>(
    `INSERT INTO imports (account_id, user_id, user_name, user_email, created_at, file_name, report_type, blanks,
       fields, inserted, updated, unchanged, field_changes)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13) RETURNING id`,
    [
      accountId,
      run.who.userId,
      run.who.name,
      run.who.email,
      run.now,
      run.fileName,
      run.reportType,
      run.blanks,
      plan.fields,
      preview.inserted,
      preview.updated,
      preview.unchanged,
      JSON.stringify(preview.fields.map(({ field, changed, cleared }) => ({ field, changed, cleared }))),
    ],
  );
  return result.rows[0]!.id;
}

async function hasProducts(client: pg.PoolClient, accountId: string): Promise<boolean> {
  const result = await client.query('SELECT 1 FROM products WHERE account_id = $1 LIMIT 1', [accountId]);
  return result.rows.length > 0;
}

/**
 * An account's first import: every row is new, so rows and history go straight in by COPY. Its
 * dry run needs no database work: every row is an insert. It still checks the values as the COPY
 * text would, refusing what PostgreSQL would (a NUL character), so the preview fails where the
 * import would.
 */
async function importAllNew(
  client: pg.PoolClient,
  accountId: string,
  run: ImportRun,
  plan: Plan,
  table: ImportTable,
): Promise<ImportOutcome> {
  const preview: ImportPreview = { inserted: table.size, updated: 0, unchanged: 0, fields: [] };
  if (run.dryRun) {
    checkCopyable(table, plan.columns);
    return { ...preview, importId: null };
  }
  const importId = await recordImport(client, accountId, run, plan, preview);
  const text = copyChunks(table, plan.columns, { leading: [accountId, importId], nullAs: { replen: false } });
  await copyInto(client, `products (account_id, last_import_id, ${plan.columns.join(', ')})`, text);
  const history = copyChunks(table, ['msku'], {
    leading: [accountId, importId],
    perRow: (index) => [index, true, 0, 1],
  });
  await copyInto(
    client,
    'import_changes (account_id, import_id, ord, created, changed, version_after, msku)',
    history,
  );
  return { ...preview, importId };
}

/** Later imports: stage, compare, and (unless a dry run) write the changes and their history. */
async function mergeStaged(
  client: pg.PoolClient,
  accountId: string,
  run: ImportRun,
  plan: Plan,
  table: ImportTable,
): Promise<ImportOutcome> {
  await stage(client, plan, table);
  await diff(client, accountId, plan, !run.dryRun);
  const counts = await summarize(client, plan);
  // The examples are the preview's: a real import answers and records only the counts.
  const found = run.dryRun
    ? await examples(client, accountId, plan, counts)
    : new Map<TargetKey, ChangeExample[]>();
  const preview: ImportPreview = {
    inserted: counts.inserted ?? 0,
    updated: counts.updated ?? 0,
    unchanged: counts.unchanged ?? 0,
    fields: fieldChanges(plan, counts, found),
  };
  if (run.dryRun || preview.inserted + preview.updated === 0) return { ...preview, importId: null };
  const importId = await recordImport(client, accountId, run, plan, preview);
  await recordChanges(client, accountId, importId);
  await apply(client, accountId, importId, plan, preview);
  return { ...preview, importId };
}

/**
 * DESIGN 6 and 12: upserts the rows by (account, msku) in one transaction, every row or none,
 * and records what changed. A dry run answers the same and writes nothing; so does an import
 * that would change nothing (its importId is null). Column names come from TARGET_KEYS, never
 * from the request.
 */
export async function importProducts(
  db: Db,
  accountId: string,
  table: ImportTable,
  run: ImportRun,
): Promise<ImportOutcome> {
  const plan = planOf(table, run.blanks);
  return inAccountTransaction(db, accountId, 'REPEATABLE READ', async (client) => {
    const outcome = (await hasProducts(client, accountId))
      ? await mergeStaged(client, accountId, run, plan, table)
      : await importAllNew(client, accountId, run, plan, table);
    return { commit: !run.dryRun, value: outcome };
  });
}

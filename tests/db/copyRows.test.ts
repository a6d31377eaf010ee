// COPY (lib/db/copyRows.ts) stores exactly what the unnest() statements store, for the values
// that need escaping in COPY's text format (tab, newline, CR, backslash, "\N" as text), nulls,
// booleans, non-finite floats and jsonb; and writeBlobs through its staging table keeps blobs
// already stored and shares a blob given twice.
import crypto from 'node:crypto';
import { expect, it } from 'vitest';
import { pool } from '../../lib/db/client';
import { copyRows } from '../../lib/db/copyRows';
import { BlobSet, COPY_AFTER, inTransaction, insertRows, writeBlobs } from '../../lib/db/rows';
import type { Column } from '../../lib/db/copyRows';
import { useTestDatabase } from '../helpers/dbTest';

useTestDatabase();

const COLUMNS: Column[] = [['k', 'int'], ['t', 'text'], ['b', 'bool'], ['f', 'float8'], ['j', 'jsonb']];
const texts = ['plain', 'tab\there', 'line\nbreak\r\n', 'back\\slash \\N \\t', '\\N', '', 'ünïcode ✓ 𝄞', 'end\\'];
const rows = texts.flatMap((t, i) => [
  [i * 4, t, i % 2 === 0, i === 1 ? Number.NaN : i === 2 ? Number.NEGATIVE_INFINITY : i / 3, JSON.stringify({ t, n: i })],
  [i * 4 + 1, null, null, null, null],
  [i * 4 + 2, t.repeat(3), true, Number.POSITIVE_INFINITY, JSON.stringify([t])],
  [i * 4 + 3, `${t}\t${t}`, false, 0, 'null'],
]);

it('COPY stores the same values as unnest() inserts', async () => {
  await inTransaction(async (c) => {
    await c.query(`CREATE TEMP TABLE via_copy (k int, t text, b bool, f float8, j jsonb) ON COMMIT PRESERVE ROWS`);
    await c.query(`CREATE TEMP TABLE via_unnest (k int, t text, b bool, f float8, j jsonb) ON COMMIT PRESERVE ROWS`);
    await copyRows(c, 'via_copy', COLUMNS, rows);
    await insertRows(c, 'via_unnest', COLUMNS, rows.slice(0, COPY_AFTER - 1));
    await insertRows(c, 'via_unnest', COLUMNS, rows.slice(COPY_AFTER - 1), { suffix: ' ' }); // a suffix keeps unnest
    const copied = (await c.query(`SELECT k, t, b, f::text AS f, j::text AS j FROM via_copy ORDER BY k`)).rows;
    const unnested = (await c.query(`SELECT k, t, b, f::text AS f, j::text AS j FROM via_unnest ORDER BY k`)).rows;
    expect(copied).toHaveLength(rows.length);
    expect(copied).toEqual(unnested);
    expect(copied.find((r) => r.k === 16)!.t).toBe('\\N'); // text "\N", not null
    expect(copied.find((r) => r.k === 17)!.t).toBeNull();
    expect(copied.find((r) => r.k === 4)!.f).toBe('NaN');
  });
});

it('a failing COPY aborts the transaction it ran in', async () => {
  const tag = crypto.randomUUID();
  await expect(
    inTransaction(async (c) => {
      const blobs = new BlobSet();
      for (let i = 0; i < 100; i++) blobs.add(`${tag} ${i}`);
      await writeBlobs(c, blobs);
      await copyRows(c, 'edges', [['run_id', 'uuid']], Array.from({ length: 100 }, () => ['not a uuid']));
    }),
  ).rejects.toThrow(/uuid/);
  const { rowCount } = await pool().query(`SELECT 1 FROM blobs WHERE content LIKE $1`, [`${tag}%`]);
  expect(rowCount).toBe(0);
});

it('writeBlobs by COPY keeps blobs already stored and stores each new one once', async () => {
  const tag = crypto.randomUUID();
  const first = new BlobSet();
  for (let i = 0; i < 50; i++) first.add(`${tag} ${i}\n\tline two\\`);
  await inTransaction((c) => writeBlobs(c, first)); // under COPY_AFTER: unnest
  const second = new BlobSet();
  for (let i = 0; i < 200; i++) second.add(`${tag} ${i}\n\tline two\\`); // 50 known, 150 new
  await inTransaction(async (c) => {
    await writeBlobs(c, second);
    await writeBlobs(c, second); // again in the same transaction: the staging table is reused
  });
  const { rows: stored } = await pool().query(`SELECT sha256, content, bytes, lines FROM blobs WHERE content LIKE $1`, [`${tag}%`]);
  expect(stored).toHaveLength(200);
  for (const r of stored) {
    expect(second.byHash.get(r.sha256)).toBe(r.content);
    expect(r.bytes).toBe(Buffer.byteLength(r.content));
    expect(r.lines).toBe(2);
  }
});

// COPY FROM STDIN for the large writers (an import's programs, blobs, edges, evaluations and
// contexts). Row inserts through unnest() arrays cost twice per value: node-postgres quotes each
// one into an array literal (escapeElement was ~10 % of a 100k-program import's main thread)
// and the server parses that literal back. COPY's text format is one escape pass here and a
// plain field split there. COPY runs inside the caller's transaction like any statement: a
// failure aborts it whole (the import's all-or-nothing guarantee is unchanged).
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { addTime } from './importTimings';

const CHUNK_BYTES = 1 << 20; // text handed to the socket at a time (backpressure is respected)

const ESCAPES: Record<string, string> = { '\\': '\\\\', '\n': '\\n', '\r': '\\r', '\t': '\\t' };
const SPECIAL = /[\\\n\r\t]/g;

/** One value in COPY text format: \N for null, booleans t/f, strings with \ \n \r \t escaped. */
export function copyField(v: unknown): string {
  if (v === null || v === undefined) return '\\N';
  if (typeof v === 'string') {
    SPECIAL.lastIndex = 0;
    return SPECIAL.test(v) ? v.replace(SPECIAL, (c) => ESCAPES[c]) : v;
  }
  if (typeof v === 'boolean') return v ? 't' : 'f';
  if (typeof v === 'number') return String(v); // NaN, Infinity and -Infinity are float8's own spellings
  if (Array.isArray(v)) return copyField(arrayLiteral(v));
  throw new Error(`copyField: unsupported value of type ${typeof v}`);
}

/** A one-dimensional array literal of strings or numbers ({"a","b\\"c"}), nulls as NULL. */
export function arrayLiteral(items: unknown[]): string {
  const parts = items.map((x) => {
    if (x === null || x === undefined) return 'NULL';
    if (typeof x === 'number') return String(x);
    if (typeof x === 'string') return `"${x.replace(/[\\"]/g, (c) => `\\${c}`)}"`;
    throw new Error(`copyField: unsupported array item of type ${typeof x}`);
  });
  return `{${parts.join(',')}}`;
}

/** Rows as COPY text lines (one value per column, in column order). */
export function copyLine(row: readonly unknown[]): string {
  let line = copyField(row[0]);
  for (let i = 1; i < row.length; i++) line += '\t' + copyField(row[i]);
  return line + '\n';
}

/** COPY `rows` into `table` (its `columns`) on the client's connection, in its transaction. */
export async function copyRows(client: pg.PoolClient, table: string, columns: Column[], rows: readonly (readonly unknown[])[]): Promise<void> {
  if (!rows.length) return;
  const started = performance.now();
  const stream = client.query(copyFrom(`COPY ${table} (${columns.map((c) => c[0]).join(', ')}) FROM STDIN`));
  const done = new Promise<void>((resolve, reject) => {
    stream.on('finish', resolve);
    stream.on('error', reject);
  });
  done.catch(() => {}); // awaited below; an early failure must not count as unhandled meanwhile
  let chunk = '';
  for (const row of rows) {
    chunk += copyLine(row);
    if (chunk.length >= CHUNK_BYTES) {
      const more = stream.write(chunk);
      chunk = '';
      if (!more) await Promise.race([new Promise((r) => stream.once('drain', r)), done]);
    }
  }
  stream.end(chunk);
  await done;
  addTime(`copy ${table}`, started);
}

export type Column = [name: string, pgType: string];

// Programs are stored a batch at a time, so an import takes its blob keys in sorted order per
// batch only: a writer holding a source of the import's second batch and then wanting one of
// its first closes a cycle, and PostgreSQL aborts one side. When the import is that side, it is
// tried again (lib/db/importRun.ts retriedOnDeadlock) and lands once the other writer is done.
import crypto from 'node:crypto';
import { expect, it } from 'vitest';
import { pool } from '../../lib/db/client';
import { storeImportedRun } from '../../lib/db/importRun';
import type { ImportedRun } from '../../lib/trace/schema';
import { useTestDatabase } from '../helpers/dbTest';

const { runIds } = useTestDatabase();
const tag = crypto.randomUUID().slice(0, 8);
const code = (i: number) => `# ${tag} program ${i}\nx = ${i}\n`;
const sha = (s: string) => crypto.createHash('sha256').update(s, 'utf8').digest('hex');

const run: ImportedRun = {
  run: { name: `deadlock-${tag}`, framework: 'custom', scoreMetric: 'score' },
  warnings: [],
  stats: {},
  // 1,500 programs: two batches; program 0 is in the first, program 1200 in the second.
  programs: Array.from({ length: 1500 }, (_, i) => ({
    externalId: `p${i}`, code: code(i), iteration: i, valid: true, score: i, metrics: { score: i },
    parents: i ? [{ externalId: `p${i - 1}` }] : [],
  })),
};

/** The import's blob insert waits for a lock (the other writer's uncommitted key). */
const importWaits = async () =>
  (await pool().query(`SELECT 1 FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND query LIKE 'INSERT INTO blobs%'`)).rowCount! > 0;

it('an import aborted to break a deadlock is tried again and lands whole', async () => {
  const other = await pool().connect();
  try {
    // The other writer holds the second batch's source, uncommitted.
    await other.query('BEGIN');
    await other.query(`INSERT INTO blobs (sha256, content, bytes, lines) VALUES ($1, $2, 1, 2)`, [sha(code(1200)), code(1200)]);
    let otherDone: Promise<unknown> | null = null;
    const importing = storeImportedRun(run, {
      onProgress: (stored) => {
        if (stored !== 1000 || otherDone) return;
        // The first batch is written (program 0's source taken): once the import waits for the
        // other writer's key, the other writer asks for program 0's, closing the cycle. The
        // import waited first, so its deadlock check fires first and aborts it.
        otherDone = (async () => {
          for (let k = 0; k < 500 && !(await importWaits()); k++) await new Promise((r) => setTimeout(r, 10));
          await other.query(`INSERT INTO blobs (sha256, content, bytes, lines) VALUES ($1, $2, 1, 2) ON CONFLICT DO NOTHING`, [sha(code(0)), code(0)]);
          await other.query('ROLLBACK');
        })();
      },
    });
    const summary = await importing;
    runIds.push(summary.runId);
    await otherDone;
    expect(otherDone).not.toBeNull();
    expect(summary.programs).toBe(1500);
    const n = await pool().query('SELECT count(*)::int AS n FROM programs WHERE run_id = $1', [summary.runId]);
    expect(n.rows[0].n).toBe(1500);
  } finally {
    other.release();
  }
});

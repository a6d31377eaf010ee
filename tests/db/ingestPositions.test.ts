// Live ingestion through the HTTP route (issue 7, item 3): programs sent without an iteration get
// their position in the run under the run's row lock, so two batches sent at once never share
// iterations, and the run carries the JSONL importer's iteration-from-position warning.
import { NextRequest } from 'next/server';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { POST } from '../../app/api/ingest/runs/[runId]/programs/route';
import { createLiveRun } from '../../lib/db/appendPrograms';
import { disconnect, pool } from '../../lib/db/client';
import { migrate } from '../../lib/runtime/migrate';
import { ingestToken } from '../../lib/db/settings';

let runId = '';
beforeAll(async () => {
  await migrate(process.env.DATABASE_URL!);
  runId = await createLiveRun({ name: 'ingest positions test', framework: 'custom', scoreMetric: 'score' });
});
afterAll(async () => {
  await pool().query('DELETE FROM runs WHERE id = $1', [runId]);
  await disconnect();
});

async function post(ids: string[]) {
  const host = `127.0.0.1:${process.env.PORT ?? 3000}`;
  const req = new NextRequest(`http://${host}/api/ingest/runs/${runId}/programs`, {
    method: 'POST',
    headers: { host, 'content-type': 'application/json', authorization: `Bearer ${await ingestToken()}` },
    body: JSON.stringify({ programs: ids.map((id) => ({ id, code: `x = "${id}"\n`, metrics: { score: 1 } })) }),
  });
  const res = await POST(req, { params: Promise.resolve({ runId }) });
  expect(res.status, await res.clone().text()).toBe(200);
}

it('places programs without an iteration under the row lock, with the warning', async () => {
  const batch = (b: number) => Array.from({ length: 20 }, (_, i) => `b${b}-p${i}`);
  await Promise.all([post(batch(1)), post(batch(2)), post(batch(3))]);
  const { rows } = await pool().query<{ iteration: number }>('SELECT iteration FROM programs WHERE run_id = $1 ORDER BY seq', [runId]);
  expect(rows.map((r) => r.iteration)).toEqual(Array.from({ length: 60 }, (_, i) => i));
  const report = await pool().query<{ warnings: { code: string; count?: number }[] }>(
    `SELECT import_report -> 'warnings' AS warnings FROM runs WHERE id = $1`,
    [runId],
  );
  expect(report.rows[0].warnings.find((w) => w.code === 'iteration-from-position')).toMatchObject({ count: 60 });
});

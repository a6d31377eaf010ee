// Bench child for `npm run bench -- rerun`: re-evaluates up to 200 demo programs against the demo
// runs' own evaluators, in the real sandbox, through the same batch code as the worker and the CLI
// (lib/services/evaluation/runEvaluationBatch.ts), at concurrency 1 and then 2 (both cores). Prints one JSON object.
import { disconnect, pool } from '../../lib/db/client';
import { createEvaluationBatch } from '../../lib/db/evaluationBatches';
import { runEvaluationBatch } from '../../lib/services/evaluation/runEvaluationBatch';
import { loadDemoData } from '../../lib/services/demo/loadDemoData';
import { sandboxBatchDeps } from '../../lib/services/evaluation/batchDeps';
import { releaseJobClient } from '../../lib/db/jobQueue';

const WANT = Number(process.env.BENCH_RERUN_PROGRAMS ?? 200);
const log = (l: string) => process.stderr.write(`[bench rerun] ${l}\n`);

await loadDemoData({ log });
// The demo runs that carry an evaluator, and their programs in canonical order.
const { rows: runs } = await pool().query<{ id: string; name: string }>(
  `SELECT r.id, r.name FROM runs r WHERE r.name LIKE 'Demo ·%' AND EXISTS (SELECT 1 FROM evaluators e WHERE e.run_id = r.id) ORDER BY r.name`,
);
if (!runs.length) throw new Error('no demo run has an evaluator attached (the demo data attaches them): nothing to re-run');
const programsOf = new Map<string, string[]>();
for (const r of runs) {
  const { rows } = await pool().query<{ id: string }>('SELECT id FROM programs WHERE run_id = $1 ORDER BY seq', [r.id]);
  programsOf.set(r.id, rows.map((p) => p.id));
}
// Alternating between the runs (Python and C++), up to WANT programs in all.
const picked = new Map<string, string[]>(runs.map((r) => [r.id, []]));
for (let i = 0, n = 0; n < WANT; i++) {
  let any = false;
  for (const r of runs) {
    const id = programsOf.get(r.id)![i];
    if (id === undefined || n >= WANT) continue;
    picked.get(r.id)!.push(id);
    n++;
    any = true;
  }
  if (!any) break;
}
const total = [...picked.values()].reduce((s, ids) => s + ids.length, 0);
log(`${total} programs from ${runs.map((r) => `${r.name} (${picked.get(r.id)!.length})`).join(', ')}`);

const results = [];
for (const concurrency of [1, 2]) {
  const t0 = performance.now();
  let failed = 0;
  const byRun: Record<string, { programs: number; wallMs: number; notOk: number }> = {};
  for (const r of runs) {
    const ids = picked.get(r.id)!;
    if (!ids.length) continue;
    const t = performance.now();
    const batch = (await createEvaluationBatch({ runId: r.id, scope: 'programs', programIds: ids, concurrency }))!;
    const done = await runEvaluationBatch(batch.id, sandboxBatchDeps);
    if (!done || done.status !== 'done') throw new Error(`batch on ${r.name} ended ${done?.status}: ${done?.error}`);
    failed += done.failed;
    byRun[r.name] = { programs: ids.length, wallMs: Math.round(performance.now() - t), notOk: done.failed };
  }
  const wallMs = performance.now() - t0;
  const row = { concurrency, programs: total, wallMs: Math.round(wallMs), programsPerSecond: Number((total / (wallMs / 1000)).toFixed(2)), notOk: failed, byRun };
  log(JSON.stringify(row));
  results.push(row);
}
await releaseJobClient();
await disconnect();
const [one, two] = results;
process.stdout.write(`${JSON.stringify({ one, two, speedup: Number((two.programsPerSecond / one.programsPerSecond).toFixed(2)) })}\n`);

// A judging batch of a stored run as the worker runs it (task judge-run), in a fresh process:
//   node --import tsx scripts/bench/judgingOnce.ts <edits>   (DATABASE_URL set)
// Stores a realistic generated run (lib/demo/synthetic.ts REALISTIC, Python) of edits + 1
// programs, then times the whole offline batch: the edit set from metadata, sources loaded chunk by
// chunk, the diff hash, the offline judge, and the judgements written in batches. Prints one JSON object.
import { REALISTIC, syntheticPrograms } from '../../lib/demo/synthetic';
import { disconnect, pool } from '../../lib/db/client';
import { storeImportedRun } from '../../lib/db/importRun';
import { createJudgeBatch } from '../../lib/db/judgeBatches';
import { realJudgeDeps } from '../../lib/db/judgeDeps';
import { runJudgeBatch } from '../../lib/db/runJudgeBatch';

const n = Number(process.argv[2] ?? 10_000) + 1;
const programs = [...syntheticPrograms(n, 13, 4, REALISTIC)].map((p) => ({
  externalId: p.id,
  code: p.code,
  language: 'python',
  iteration: p.iteration,
  valid: p.score !== null,
  score: p.score,
  metrics: p.score === null ? { error: 1 } : { combined_score: p.score },
  parents: p.parentId ? [{ externalId: p.parentId }] : [],
}));
const { runId } = await storeImportedRun({
  run: { name: `bench judging ${n}`, framework: 'openevolve', scoreMetric: 'combined_score', language: 'python', sourceKind: 'generated' },
  programs,
  warnings: [],
  stats: {},
});
const t = performance.now();
const batch = (await createJudgeBatch({ runId, kind: 'offline' }, null))!;
const out = (await runJudgeBatch(batch.id, realJudgeDeps))!;
const ms = performance.now() - t;
await pool().query('DELETE FROM runs WHERE id = $1', [runId]);
await disconnect();
process.stdout.write(
  `${JSON.stringify({ programs: n, edits: out.done, status: out.status, notJudged: out.notJudged, ms: Math.round(ms), editsPerSecond: Math.round((out.done / ms) * 1000), peakRssMB: Math.round(process.resourceUsage().maxRSS / 1024) })}\n`,
);

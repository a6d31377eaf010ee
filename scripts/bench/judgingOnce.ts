// A judging batch of a stored run as the worker runs it (task judge-run), in a fresh process:
//   node --import tsx scripts/bench/judgingOnce.ts <edits>   (DATABASE_URL set)
// Stores a realistic generated run (lib/services/demo/synthetic.ts REALISTIC, Python) of edits + 1
// programs, then times the whole offline batch: the edit set from metadata, sources loaded chunk by
// chunk, the diff hash, the offline judge, and the judgements written in batches. Prints one JSON object.
import { disconnect, pool } from '../../lib/db/client';
import { createJudgeBatch } from '../../lib/db/judgeBatches';
import { realJudgeDeps } from '../../lib/services/judging/judgeDeps';
import { runJudgeBatch } from '../../lib/services/judging/runJudgeBatch';
import { storeSyntheticRun } from './storeSyntheticRun';

const n = Number(process.argv[2] ?? 10_000) + 1;
const { runId } = await storeSyntheticRun(n, `bench judging ${n}`);
const t = performance.now();
const batch = (await createJudgeBatch({ runId, kind: 'offline' }, null))!;
const out = (await runJudgeBatch(batch.id, realJudgeDeps))!;
const ms = performance.now() - t;
await pool().query('DELETE FROM runs WHERE id = $1', [runId]);
await disconnect();
process.stdout.write(
  `${JSON.stringify({ programs: n, edits: out.done, status: out.status, notJudged: out.notJudged, ms: Math.round(ms), editsPerSecond: Math.round((out.done / ms) * 1000), peakRssMB: Math.round(process.resourceUsage().maxRSS / 1024) })}\n`,
);

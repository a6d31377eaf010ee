// One measured import in a fresh process (so peak memory is this import's alone):
//   node --import tsx scripts/bench/importOnce.ts <dir>   (DATABASE_URL set)
// Prints one JSON object: programs, wall time of reading and storing, peak RSS.
import { disconnect } from '../../lib/db/client';
import { importFromPath } from '../../lib/services/import/importPipeline';
import { releaseJobClient } from '../../lib/db/jobQueue';

const dir = process.argv[2];
const started = performance.now();
let readDone = 0;
const stored = await importFromPath(dir, {
  onProgress: (p) => {
    if (p.phase === 'storing' && !readDone) readDone = performance.now();
  },
});
const ms = performance.now() - started;
await releaseJobClient();
await disconnect();
const programs = stored.reduce((s, r) => s + r.programs, 0);
process.stdout.write(
  JSON.stringify({
    programs,
    runId: stored[0]?.runId,
    totalMs: Math.round(ms),
    readMs: Math.round(readDone - started),
    storeMs: Math.round(ms - (readDone - started)),
    programsPerSecond: Math.round(programs / (ms / 1000)),
    peakRssMB: Math.round(process.resourceUsage().maxRSS / 1024),
  }) + '\n',
);

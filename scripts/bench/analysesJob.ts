// The worker's run-analyses job on a stored realistic run, as the worker process runs it:
//   node --import tsx scripts/bench/analysesJob.ts <programs> [codeRoot]
// Starts a throw-away PostgreSQL, starts the worker process of `codeRoot` (default this checkout;
// an unpacked older commit measures the code before a change), stores a realistic generated run
// (lib/services/demo/synthetic.ts REALISTIC; sources tagged so nothing is in the complexity cache), queues
// run-analyses and waits for the job's "analyses stored" line. Prints one JSON object: the job's
// wall time (queued to stored), the worker process's CPU time over it (from /proc: both cores
// count), and the job's own log line (per-step times in the new code).
import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startEmbeddedPostgres } from '../../lib/runtime/embeddedPostgres';
import { migrate } from '../../lib/runtime/migrate';

const n = Number(process.argv[2] ?? 20_000);
const codeRoot = path.resolve(process.argv[3] ?? process.cwd());
const log = (l: string) => process.stderr.write(`[analyses-job] ${l}\n`);
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'evoscope-analyses-job-'));
const pg = await startEmbeddedPostgres({ baseDir: path.join(tmp, 'pg'), ephemeral: true, log: () => {} });
process.env.DATABASE_URL = pg.url;

/** utime + stime of a process, in ms (Linux /proc; clock ticks of 10 ms). */
function cpuMs(pid: number): number {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

let worker: ReturnType<typeof spawn> | null = null;
try {
  await migrate(pg.url);
  worker = spawn(process.execPath, ['--import', 'tsx', path.join(codeRoot, 'workers', 'index.ts')], {
    cwd: codeRoot,
    // Debug level: the task logs each of its steps, timed here as the lines arrive.
    env: { ...process.env, DATABASE_URL: pg.url, NEXT_TELEMETRY_DISABLED: '1', GRAPHILE_LOGGER_DEBUG: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  const lines: ((text: string) => void)[] = [];
  let stepsOf: string | null = null;
  let enqueuedAt = 0;
  const steps: { atMs: number; step: string }[] = [];
  const onData = (d: Buffer) => {
    out += d;
    if (stepsOf)
      for (const m of String(d).matchAll(new RegExp(`run ${stepsOf}: ([^\\n]*)`, 'g')))
        steps.push({ atMs: Math.round(performance.now() - enqueuedAt), step: m[1].slice(0, 160) });
    for (const l of lines) l(out);
  };
  worker.stdout!.on('data', onData);
  worker.stderr!.on('data', onData);
  const seen = (re: RegExp) =>
    new Promise<string>((resolve, reject) => {
      lines.push((text) => {
        const m = re.exec(text);
        if (m) resolve(m[0]);
      });
      worker!.once('exit', (code) => reject(new Error(`worker exited (${code}):\n${out}`)));
    });
  await seen(/\[worker\] ready/);
  const { storeSyntheticRun } = await import('./storeSyntheticRun');
  const { enqueueRunAnalyses, releaseJobClient } = await import('../../lib/db/jobQueue');
  const { disconnect } = await import('../../lib/db/client');
  let t = performance.now();
  const { runId } = await storeSyntheticRun(n, `bench analyses job ${n}`, crypto.randomUUID());
  log(`stored ${n} programs in ${Math.round(performance.now() - t)} ms`);
  const cpu0 = cpuMs(worker.pid!);
  t = performance.now();
  stepsOf = runId;
  enqueuedAt = t;
  await enqueueRunAnalyses(runId);
  const line = await seen(new RegExp(`run ${runId}: analyses stored in [^\\n]*`));
  const wallMs = Math.round(performance.now() - t);
  const workerCpuMs = cpuMs(worker.pid!) - cpu0;
  await releaseJobClient();
  await disconnect();
  // A failed attempt (retried by graphile-worker) would otherwise only show as a second "loading".
  for (const l of out.split('\n')) if (/failed|error/i.test(l) && !/progress not recorded/.test(l)) log(`worker: ${l.slice(0, 400)}`);
  process.stdout.write(
    `${JSON.stringify({ programs: n, codeRoot, wallMs, workerCpuMs, cpuPerWall: +(workerCpuMs / wallMs).toFixed(2), loadAverage: os.loadavg()[0], line, steps })}\n`,
  );
} finally {
  if (worker && worker.exitCode === null) {
    worker.kill('SIGTERM');
    await new Promise((r) => worker!.once('exit', r));
  }
  pg.stop();
  fs.rmSync(tmp, { recursive: true, force: true });
}

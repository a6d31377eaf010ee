// `npm run bench`: measured figures for the issues' performance targets, printed as a table
// and as JSON lines. Every measurement runs in a fresh child process (peak RSS is its own) on
// generated runs (lib/services/demo/synthetic.ts) against a throw-away PostgreSQL.
//   import:  a 20,000-program OpenEvolve-layout run through the import pipeline, then a realistic
//            100,000-program one through the CLI (wall time, peak RSS of the process tree)
//   analyze: a 100,000-program run of realistic size (~4.5 KB of source per program, written
//            twice per file as `code` and `solution`) through `npm run evoscope -- analyze DIR
//            --json`, measured as a user runs it (the whole process tree: wall, peak RSS; three
//            runs); then the small-program runs (10k, 100k, ~3 KB) in-process, as before
//   cli:     start-up time of `evoscope --help`: the bin, npm run, and the tsx path it replaced
//   complexity: program complexity of a stored realistic run as the worker computes it: worker
//            threads on a first pass, content-hash cache hits on the second, vs one thread
//            (BENCH_COMPLEXITY_PROGRAMS, default 10,000: one thread needs minutes per 100k)
//   analyses: the worker's run-analyses job on a stored realistic run (scripts/bench/analysesJob.ts;
//            BENCH_ANALYSES_PROGRAMS, default 20,000): wall time, the worker's CPU, time per step
//   lineage: time to the first drawn frame of a 50,000-node lineage page in headless Chromium
//   sandbox: start-up overhead of the sandbox (lib/sandbox): median/p90 of 50 runs of a trivial
//            Python program and of a trivial C++ binary (warm cache), bare runs for comparison,
//            and a C++ compilation (scripts/bench/sandboxStartup.ts)
//   ingest:  live ingestion under load (issue 15): 20 clients x 50 batches x 100 programs posted
//            to a production server on loopback; sent, stored, lost, p50/p95 per batch
//   taxonomy: the offline edit judge (lib/analysis/taxonomy/offlineJudge.ts) on a generated run of
//            10,000 edits of ~4.5 KB programs, three quarters Python, one quarter C++
//            (scripts/bench/taxonomyOnce.ts; BENCH_TAXONOMY_EDITS to change the count); then its
//            agreement with the two hand-labelled sets, one row per set (scripts/bench/
//            taxonomyAgreement.ts: labels per edit, macro kappa, micro F1, per-label precision)
//   judging: an offline judging batch of a stored realistic run of 10,000 edits as the worker runs
//            it (scripts/bench/judgingOnce.ts: edit set, sources in chunks, judge, batched writes)
//   rerun:   re-evaluating 200 demo programs against the demo runs' evaluators in the sandbox
//            (the worker's batch code), at concurrency 1 and 2: programs/s and wall time
//   bo:      time per suggestion of the Bayesian optimiser (lib/interventions/bo) in 24-call loops
//            in 2, 4 and 8 dimensions (scripts/bench/boSuggest.ts; BENCH_BO_SEEDS loops each), and
//            how often it finds a known optimum vs random search (scripts/bench/boQuality.ts)
//   scale:   issue 14: a realistic 100,000-program run (`--programs N` for another size) imported
//            with the CLI into a running app + worker, the worker's analyses awaited, the runs
//            table filled to 500 runs, then p50/p95 of the JSON routes and the overview, lineage
//            and cycling pages in headless Chromium (scripts/bench/scale.ts)
//   interventions: the issue-11 CLI commands as a user runs them (the bundled bin from a shell) on
//            the demo runs: `tune <run> best-so-far:2 --json` on both, `ablate` on the demo edit
//            with the most hunks, `replay --n 8` against the scripted OpenAI server answering the
//            stored reply, at concurrency 1 and 2 (scripts/bench/interventions.ts)
//   upload:  issue 24: folder uploads through headless Chromium and the upload page, the real QOS
//            run folder (730 files) and a generated 20,061-file OpenEvolve run: files/s and MB/s
//            from the click on Import until every file is stored, and the one-PUT-per-file client
//            it replaced on the QOS folder (scripts/bench/uploadFolder.ts)
// `npm run bench -- import analyze` runs some sections only.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { REALISTIC, writeSyntheticOpenEvolveRun } from '../lib/services/demo/synthetic';
import { startEmbeddedPostgres } from '../lib/runtime/embeddedPostgres';
import { migrate } from '../lib/runtime/migrate';
import { measureCommand } from './bench/measureCommand';
import { buildIfStale } from '../cli/serve';

const root = process.cwd();
const log = (l: string) => process.stderr.write(`[bench] ${l}\n`);
// Sections are the positional arguments; options (e.g. `scale --programs 20000`) go to the sections.
const { values: opts, positionals: sections } = parseArgs({
  args: process.argv.slice(2),
  options: { programs: { type: 'string' } },
  allowPositionals: true,
  strict: false,
});
const want = (s: string) => sections.length === 0 || sections.includes(s);
const results: Record<string, unknown>[] = [];

function childOutput(args: string[], env: NodeJS.ProcessEnv, opts: { heapMB?: number } = {}): string {
  const node = [...(opts.heapMB ? [`--max-old-space-size=${opts.heapMB}`] : []), '--import', 'tsx', ...args];
  const r = spawnSync(process.execPath, node, { cwd: root, env, encoding: 'utf8', maxBuffer: 64 << 20 });
  if (r.status !== 0) throw new Error(`${args.join(' ')} failed: ${r.stderr}`);
  return r.stdout.trim();
}

function child(args: string[], env: NodeJS.ProcessEnv, opts: { heapMB?: number } = {}): Record<string, unknown> {
  const out = childOutput(args, env, opts);
  try {
    return JSON.parse(out); // one (possibly pretty-printed) object
  } catch {
    return JSON.parse(out.split('\n').pop()!); // JSON lines: the last one
  }
}

/** A child printing JSON lines (one object per line): all of them. */
function childLines(args: string[], env: NodeJS.ProcessEnv): Record<string, unknown>[] {
  return childOutput(args, env)
    .split('\n')
    .filter((l) => l.startsWith('{'))
    .map((l) => JSON.parse(l));
}

function report(name: string, figures: Record<string, unknown>, target?: string) {
  const row = { bench: name, ...figures, ...(target ? { target } : {}) };
  results.push(row);
  process.stdout.write(`${JSON.stringify(row)}\n`);
}

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'evoscope-bench-'));
const pg = await startEmbeddedPostgres({ baseDir: path.join(tmp, 'pg'), ephemeral: true, log });
const env: NodeJS.ProcessEnv = { ...process.env, DATABASE_URL: pg.url, NEXT_TELEMETRY_DISABLED: '1' };
try {
  await migrate(pg.url);

  if (want('import')) {
    const dir = path.join(tmp, 'import-20k');
    const t = Date.now();
    const w = writeSyntheticOpenEvolveRun(dir, 20_000);
    log(`wrote a 20,000-program run (${w.files} files) in ${Date.now() - t} ms`);
    report('import 20k (OpenEvolve layout)', child(['scripts/bench/importOnce.ts', dir], env));
    fs.rmSync(dir, { recursive: true, force: true });

    // Issue 14: a realistic 100k-program run imported as a user does, the whole CLI measured.
    const big = path.join(tmp, 'import-realistic-100k');
    const t2 = Date.now();
    writeSyntheticOpenEvolveRun(big, 100_000, 11, REALISTIC);
    log(`wrote a realistic 100,000-program run in ${Date.now() - t2} ms`);
    // EVOSCOPE_IMPORT_TIMINGS: the import's own line of where the time went, on stderr.
    const f = await measureCommand(`npm run -s evoscope -- import ${big} --json`, { cwd: root, env: { ...env, EVOSCOPE_IMPORT_TIMINGS: '1' } });
    if (f.exitCode !== 0) throw new Error(`import failed (exit ${f.exitCode})`);
    report(
      'import 100k realistic (4.5 KB, code + solution; npm run evoscope -- import --json)',
      { programs: 100_000, ...f, programsPerSecond: Math.round(100_000 / (f.wallMs / 1000)), loadAverage: os.loadavg().map((x) => Math.round(x * 10) / 10) },
      '< 20 s (>= 5,000 programs/s) and < 1.5 GB',
    );
    fs.rmSync(big, { recursive: true, force: true });
  }

  if (want('analyze')) {
    const dir = path.join(tmp, 'analyze-realistic-100k');
    const t = Date.now();
    writeSyntheticOpenEvolveRun(dir, 100_000, 11, REALISTIC);
    const du = spawnSync('du', ['-s', '--apparent-size', '--block-size=1M', dir], { encoding: 'utf8' }).stdout.split('\t')[0];
    log(`wrote a realistic 100,000-program run (${du} MB) in ${Date.now() - t} ms`);
    const runs = Number(process.env.BENCH_RUNS ?? 3);
    const figures = [];
    for (let k = 0; k < runs; k++) {
      const f = await measureCommand(`npm run -s evoscope -- analyze ${dir} --json`, { cwd: root, env });
      if (f.exitCode !== 0) throw new Error(`analyze failed (exit ${f.exitCode})`);
      log(`analyze realistic 100k, run ${k + 1}: ${JSON.stringify(f)}`);
      figures.push(f);
    }
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
    report(
      'analyze 100k realistic (4.5 KB, code + solution; npm run evoscope -- analyze --json)',
      {
        programs: 100_000,
        diskMB: Number(du),
        medianWallMs: median(figures.map((f) => f.wallMs)),
        maxPeakTreeRssMB: Math.max(...figures.map((f) => f.peakTreeRssMB)),
        maxPeakProcessRssMB: Math.max(...figures.map((f) => f.peakProcessRssMB)),
        medianCpuMs: median(figures.map((f) => f.cpuMs)),
        runs: figures.map(({ wallMs, cpuMs, peakTreeRssMB, peakProcessRssMB }) => ({ wallMs, cpuMs, peakTreeRssMB, peakProcessRssMB })),
        loadAverage: os.loadavg().map((x) => Math.round(x * 10) / 10),
      },
      '< 30 s and < 1.5 GB',
    );
    fs.rmSync(dir, { recursive: true, force: true });

    for (const n of [10_000, 100_000]) {
      const dir = path.join(tmp, `analyze-${n}`);
      const t = Date.now();
      writeSyntheticOpenEvolveRun(dir, n, 11);
      log(`wrote a ${n}-program run in ${Date.now() - t} ms`);
      const target = n === 10_000 ? '< 3 s' : '< 30 s within 2 GB';
      report(`analyze ${n / 1000}k (default, lineage)`, child(['scripts/bench/analyzeOnce.ts', dir, 'default', 'lineage'], env, { heapMB: 2048 }), target);
      report(`analyze ${n / 1000}k (evoreplay, run)`, child(['scripts/bench/analyzeOnce.ts', dir, 'evoreplay', 'run'], env, { heapMB: 2048 }), target);
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }

  if (want('cli')) {
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
    const startUp = async (command: string, times: number) => {
      const runs = [];
      for (let k = 0; k < times; k++) runs.push(await measureCommand(command, { cwd: root, env }));
      const walls = runs.map((r) => r.wallMs);
      return { medianMs: median(walls), medianCpuMs: median(runs.map((r) => r.cpuMs)), eachMs: walls, loadAverage: os.loadavg()[0] };
    };
    await measureCommand('node bin/evoscope.mjs --help', { cwd: root, env }); // builds the bundle if stale
    report('cli start-up: evoscope --help (the bin, bundled ahead of time)', await startUp('node bin/evoscope.mjs --help', 7), '< 0.3 s');
    report('cli start-up: npm run evoscope -- --help', await startUp('npm run -s evoscope -- --help', 3));
    report('cli start-up: npx evoscope --help', await startUp('npx --offline evoscope --help', 3));
    report('cli start-up: node --import tsx cli/main.ts --help (no bundle)', await startUp('node --import tsx cli/main.ts --help', 3));
  }

  if (want('complexity')) {
    const n = Number(process.env.BENCH_COMPLEXITY_PROGRAMS ?? 10_000);
    report(`complexity ${n / 1000}k realistic (worker threads + content-hash cache)`, child(['scripts/bench/complexityOnce.ts', String(n)], env));
  }

  if (want('analyses')) {
    // The worker process's whole run-analyses job (its own throw-away PostgreSQL and worker).
    const n = Number(process.env.BENCH_ANALYSES_PROGRAMS ?? 20_000);
    report(`run-analyses job ${n / 1000}k realistic (worker process, nothing cached)`, child(['scripts/bench/analysesJob.ts', String(n)], env), '< 60 s at 100k');
  }

  if (want('lineage')) {
    const frameBench = path.join(root, 'scripts', 'bench', 'lineageFrame.ts');
    if (!fs.existsSync(frameBench)) log('lineage: scripts/bench/lineageFrame.ts is missing; skipped');
    else {
      buildIfStale(log);
      const port = 3790;
      const server = spawn(process.execPath, ['--import', 'tsx', 'cli/serve.ts'], {
        cwd: root,
        env: { ...env, PORT: String(port) },
        stdio: ['ignore', 'ignore', 'pipe'],
      });
      try {
        for (let i = 0; i < 120; i++) {
          const ok = await fetch(`http://127.0.0.1:${port}/api/health`).then((r) => r.ok).catch(() => false);
          if (ok) break;
          await new Promise((r) => setTimeout(r, 500));
        }
        report('lineage first frame 50k', child([frameBench], { ...env, BASE_URL: `http://127.0.0.1:${port}` }), '< 2 s');
      } finally {
        server.kill('SIGTERM');
      }
    }
  }

  if (want('sandbox')) {
    const r = child(['scripts/bench/sandboxStartup.ts'], env);
    const { python, pythonBare, pythonOverheadMs, cppWarm, cppBare, cppOverheadMs, cppCompileMs, ...rest } = r as Record<string, unknown>;
    report('sandbox start-up: python print(1), end to end', { ...(python as object), bare: pythonBare, overheadMs: pythonOverheadMs, ...rest }, 'median < 60 ms');
    report('sandbox start-up: C++ binary, warm cache, end to end', { ...(cppWarm as object), bare: cppBare, overheadMs: cppOverheadMs, ...rest });
    report('sandbox C++ compile (g++ -O2, cache miss)', { ...(cppCompileMs as object), ...rest, runs: 3 });
  }

  if (want('rerun')) {
    const r = child(['scripts/bench/rerunThroughput.ts'], env) as { one: Record<string, unknown>; two: Record<string, unknown>; speedup: number };
    report('re-evaluate demo programs in the sandbox, concurrency 1', r.one);
    report('re-evaluate demo programs in the sandbox, concurrency 2 (both cores)', { ...r.two, speedup: r.speedup });
  }

  if (want('taxonomy')) {
    const n = Number(process.env.BENCH_TAXONOMY_EDITS ?? 10_000);
    report(`taxonomy: offline judge on ${n / 1000}k realistic edits`, child(['scripts/bench/taxonomyOnce.ts', String(n)], env), 'under 10 s');
    // Agreement with the hand-labelled sets (issue 25), one row per set.
    for (const r of childLines(['scripts/bench/taxonomyAgreement.ts'], env)) {
      const perLabel = r.perLabel as Record<string, { human: number; precision: number | null }>;
      const precision = Object.fromEntries(Object.entries(perLabel).map(([l, x]) => [l, x.precision]));
      report(
        `taxonomy: offline judge vs hand labels, ${r.set}`,
        { edits: r.edits, labelsPerEdit: r.labelsPerEdit, macroKappa: r.macroKappa, microF1: r.microF1, exactMatch: r.exactMatch, precision },
        'labels/edit within 0.3 of the human figure; precision >= 0.5 where >= 5 human positives',
      );
    }
  }

  if (want('judging')) {
    const n = Number(process.env.BENCH_TAXONOMY_EDITS ?? 10_000);
    report(`judging: offline judging batch of a stored run, ${n / 1000}k realistic edits`, child(['scripts/bench/judgingOnce.ts', String(n)], env), 'seconds');
  }

  if (want('bo')) {
    const r = child(['scripts/bench/boSuggest.ts', process.env.BENCH_BO_SEEDS ?? '3'], env);
    for (const [dims, figures] of Object.entries(r)) {
      report(`bo: suggestNext at 24 calls, ${dims.replace('d', '-D')}`, figures as Record<string, unknown>, 'well under 1 s');
    }
    const q = child(['scripts/bench/boQuality.ts', process.env.BENCH_BO_QUALITY_SEEDS ?? '20'], env);
    for (const [problem, figures] of Object.entries(q)) {
      report(`bo: optimum found within 24 calls, ${problem}, BO vs random search`, figures as Record<string, unknown>, 'BO > random');
    }
  }

  if (want('interventions')) {
    const r = child(['scripts/bench/interventions.ts'], env) as { rows: Record<string, unknown>[]; loadAverage: number[] };
    for (const { what, ...figures } of r.rows) report(`interventions: ${what}`, { ...figures, loadAverage: r.loadAverage });
    const table = r.rows.map((x) => {
      if (x.wallMs === undefined) return String(x.what);
      const per = (x.msPerEvaluationEndToEnd ?? x.msPerTrialEndToEnd) as number | null;
      const sandbox = (x.sandboxMsPerEvaluation ?? x.sandboxMsPerTrial) as { median: number } | undefined;
      const bo = x.boMsPerSuggestion as { mean: number } | undefined;
      return [
        String(x.what).padEnd(62),
        `${((x.wallMs as number) / 1000).toFixed(1)} s`.padStart(8),
        String(x.evaluations ?? x.trials).padStart(5),
        `${per ?? '—'} ms`.padStart(9),
        `${sandbox?.median ?? '—'} ms`.padStart(10),
        (bo ? `${bo.mean} ms` : x.trialsPerSecond !== undefined ? `${x.trialsPerSecond}/s` : '—').padStart(9),
      ].join('  ');
    });
    const head = ['command'.padEnd(62), 'wall'.padStart(8), 'calls'.padStart(5), 'per call'.padStart(9), 'sandbox'.padStart(10), 'BO|rate'.padStart(9)].join('  ');
    process.stderr.write(`\n${head}\n${table.join('\n')}\n`);
  }

  if (want('scale')) {
    buildIfStale(log);
    const programs = typeof opts.programs === 'string' ? ['--programs', opts.programs] : [];
    const scale = spawn(process.execPath, ['--import', 'tsx', 'scripts/bench/scale.ts', ...programs], { cwd: root, env, stdio: ['ignore', 'pipe', 'inherit'] });
    let rest = '';
    scale.stdout.on('data', (d: Buffer) => {
      const lines = (rest + d.toString()).split('\n');
      rest = lines.pop()!;
      for (const line of lines.filter(Boolean)) {
        const { bench, target, ...figures } = JSON.parse(line) as { bench: string; target?: string };
        report(bench, figures, target);
      }
    });
    const code = await new Promise<number | null>((r) => scale.once('close', r));
    if (code !== 0) throw new Error(`the scale benchmark failed (exit ${code})`);
  }

  if (want('ingest')) {
    buildIfStale(log);
    const port = 3791;
    const server = spawn(process.execPath, ['--import', 'tsx', 'cli/serve.ts'], {
      cwd: root,
      env: { ...env, PORT: String(port), EVOSCOPE_DATA_DIR: path.join(tmp, 'data') },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    const exited = new Promise((r) => server.once('exit', r));
    try {
      await waitForHealth(port);
      report(
        'ingest 20 clients x 50 batches x 100 programs (loopback)',
        child(['scripts/bench/ingestLoad.ts'], { ...env, BASE_URL: `http://127.0.0.1:${port}` }),
        'lost 0, no failed batch',
      );
    } finally {
      server.kill('SIGTERM');
      await exited;
    }
  }

  if (want('upload')) {
    buildIfStale(log);
    const port = 3792;
    const server = spawn(process.execPath, ['--import', 'tsx', 'cli/serve.ts'], {
      cwd: root,
      env: { ...env, PORT: String(port), EVOSCOPE_DATA_DIR: path.join(tmp, 'upload-data') },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    const exited = new Promise((r) => server.once('exit', r));
    try {
      await waitForHealth(port);
      const { rows } = child(['scripts/bench/uploadFolder.ts'], { ...env, BASE_URL: `http://127.0.0.1:${port}` }) as { rows: Record<string, unknown>[] };
      for (const { bench, target, ...figures } of rows) report(String(bench), figures, target as string | undefined);
    } finally {
      server.kill('SIGTERM');
      await exited;
    }
  }
} finally {
  pg.stop();
  fs.rmSync(tmp, { recursive: true, force: true });
}

async function waitForHealth(port: number) {
  for (let i = 0; i < 120; i++) {
    const ok = await fetch(`http://127.0.0.1:${port}/api/health`).then((r) => r.ok).catch(() => false);
    if (ok) return;
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`the server on port ${port} did not answer /api/health within a minute`);
}

process.stderr.write('\nsummary\n');
for (const r of results) process.stderr.write(`  ${JSON.stringify(r)}\n`);

// Bench child for `npm run bench -- interventions` (issue 11): the three interventions measured
// the way a user meets them, as WHOLE CLI commands started from a shell (the bundled bin,
// `node bin/evoscope.mjs ...`, as the `cli` section runs it; scripts/bench/measureCommand.ts:
// wall, CPU and peak RSS of the process tree) on the demo runs (realistically sized programs,
// their own evaluators, the real sandbox):
//   tune <run> best-so-far:2 --json   on both demo runs (24 evaluations + the check call);
//                                     the optimiser's own time per suggestion is measured by
//                                     asking suggestNext again for each call of the stored
//                                     history (it is a pure function of history and seed)
//   ablate <run> <program> --json     on the demo edit with the most hunks (up to 8) that
//                                     improved on its parent
//   replay <run> <program> --n 8 --json against the scripted OpenAI-compatible server
//                                     (tests/helpers/scriptedLlm.ts) answering the stored
//                                     original reply, at evaluation concurrency 1 and 2
// Prints one JSON object { rows: [...] }; no assertion on time.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { disconnect, pool } from '../../lib/db/client';
import { setEvaluationConcurrency } from '../../lib/db/evaluationBatches';
import { loadDemoData } from '../../lib/services/demo/loadDemoData';
import { lineEdit } from '../../lib/interventions/ablation/hunks';
import { suggestNext, type BoDimension, type BoObservation } from '../../lib/interventions/bo/suggest';
import { tuneParamsSchema, type AblationReport, type ReplayReport, type TuneReport } from '../../lib/contracts/interventionTypes';
import { releaseJobClient } from '../../lib/db/jobQueue';
import { startScriptedLlm } from '../../tests/helpers/scriptedLlm';
import { measureCommand, type CommandFigures } from './measureCommand';

const root = process.cwd();
const log = (l: string) => process.stderr.write(`[bench interventions] ${l}\n`);
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'evoscope-bench-interventions-'));
const rows: Record<string, unknown>[] = [];
const r1 = (x: number) => Math.round(x * 10) / 10;
const median = (xs: number[]) => (xs.length ? [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] : null);
const mean = (xs: number[]) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : null);
/** Demo ids are uuids: the first 8 characters name them in the table. */
const idOf = (id: string) => (id.length > 12 ? `${id.slice(0, 8)}…` : id);
const quote = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;

/** One CLI command from the shell; its stdout (one JSON line) is read back from a file. */
async function cli(args: string[], env: NodeJS.ProcessEnv = process.env): Promise<{ figures: CommandFigures; out: Record<string, unknown> }> {
  const file = path.join(tmp, `out-${rows.length}-${args[0]}.json`);
  const figures = await measureCommand(`node bin/evoscope.mjs ${args.map(quote).join(' ')} > ${quote(file)}`, { cwd: root, env });
  const text = fs.readFileSync(file, 'utf8').trim();
  if (!text) throw new Error(`evoscope ${args.join(' ')} wrote nothing on stdout (exit ${figures.exitCode})`);
  return { figures, out: JSON.parse(text.split('\n').pop()!) };
}

/** Sandbox wall time of an experiment's calls (experiment_calls.wall_ms; calls that ran one). */
async function callWalls(experimentId: string): Promise<number[]> {
  const { rows: r } = await pool().query<{ wall_ms: number }>('SELECT wall_ms FROM experiment_calls WHERE experiment_id = $1 AND wall_ms IS NOT NULL ORDER BY idx', [experimentId]);
  return r.map((x) => x.wall_ms);
}

const processFigures = (f: CommandFigures) => ({ wallMs: f.wallMs, cpuMs: f.cpuMs, peakTreeRssMB: f.peakTreeRssMB, exitCode: f.exitCode });

await loadDemoData({ log });
// The CLI bundle is built if stale by its first start: not part of any figure.
await measureCommand('node bin/evoscope.mjs --help > /dev/null', { cwd: root });

const { rows: runs } = await pool().query<{ id: string; name: string }>(
  `SELECT r.id, r.name FROM runs r WHERE r.name LIKE 'Demo ·%' AND EXISTS (SELECT 1 FROM evaluators e WHERE e.run_id = r.id) ORDER BY r.name`,
);
if (!runs.length) throw new Error('no demo run has an evaluator attached (the demo data attaches them): nothing to measure');
const short = (name: string) => name.replace(/^Demo · /, '');

// ---- tune ------------------------------------------------------------------------------------
for (const run of runs) {
  log(`tune ${run.name} best-so-far:2 ...`);
  const { figures, out } = await cli(['tune', run.id, 'best-so-far:2', '--json']);
  const report = out as unknown as TuneReport & { experimentId: string; status: string; done: number; total: number };
  const walls = await callWalls(report.experimentId);
  // The optimiser's own time: suggestNext asked again for every call of the stored history.
  const defaults = tuneParamsSchema.parse({});
  const space: BoDimension[] = (report.knobs ?? []).map((k) => ({ name: k.name, low: k.low, high: k.high, scale: k.scale, type: k.type }));
  const history: BoObservation[] = [];
  const bo: number[] = [];
  for (const c of report.calls ?? []) {
    const t = performance.now();
    suggestNext(space, history, { seed: defaults.seed, initialRandom: defaults.initialRandom, defaults: Object.fromEntries((report.knobs ?? []).map((k) => [k.name, k.value])) });
    bo.push(performance.now() - t);
    history.push({ point: c.params, value: c.objective });
  }
  rows.push({
    what: `tune ${short(run.name)} best-so-far:2 --json`,
    ...processFigures(figures),
    status: report.status,
    evaluations: report.done,
    knobs: space.length,
    msPerEvaluationEndToEnd: report.done ? Math.round(figures.wallMs / report.done) : null,
    sandboxMsPerEvaluation: { median: r1(median(walls) ?? NaN), mean: r1(mean(walls) ?? NaN) },
    boMsPerSuggestion: { mean: r1(mean(bo) ?? NaN), max: r1(Math.max(...bo)), total: r1(bo.reduce((a, b) => a + b, 0)) },
    original: report.originalScore,
    rewriteReproduces: report.rewriteReproduces,
    ceiling: report.ceiling,
    gap: report.gap,
  });
  log(JSON.stringify(rows.at(-1)));
}

// ---- ablate ----------------------------------------------------------------------------------
// The demo edit (first parent -> child, child better than the parent) with the most hunks, up to 8.
{
  let best: { runName: string; runId: string; programId: string; externalId: string; hunks: number } | null = null;
  for (const run of runs) {
    const { rows: edits } = await pool().query<{ id: string; external_id: string; child: string; parent: string; higher: boolean; score: number; parent_score: number }>(
      `SELECT p.id, p.external_id, b.content AS child, pb.content AS parent, r.higher_is_better AS higher, p.score, pp.score AS parent_score
       FROM programs p JOIN runs r ON r.id = p.run_id JOIN blobs b ON b.sha256 = p.code_sha
       JOIN edges e ON e.child_id = p.id AND e.ordinal = 0 JOIN programs pp ON pp.id = e.parent_id JOIN blobs pb ON pb.sha256 = pp.code_sha
       WHERE p.run_id = $1 AND p.score IS NOT NULL AND pp.score IS NOT NULL ORDER BY p.seq`,
      [run.id],
    );
    for (const e of edits) {
      if (!(e.higher ? e.score > e.parent_score : e.score < e.parent_score)) continue;
      const hunks = lineEdit(e.parent, e.child).hunks.length;
      if (hunks <= 8 && (!best || hunks > best.hunks)) best = { runName: run.name, runId: run.id, programId: e.id, externalId: e.external_id, hunks };
    }
  }
  if (!best) throw new Error('no demo edit improved on its parent: nothing to ablate');
  await setEvaluationConcurrency(2);
  log(`ablate ${best.runName} ${best.externalId} (${best.hunks} hunks) ...`);
  const { figures, out } = await cli(['ablate', best.runId, best.programId, '--json']);
  const x = out as { id: string; status: string; done: number; total: number; failed: number; result: AblationReport | null };
  const walls = await callWalls(x.id);
  const verdicts: Record<string, number> = {};
  for (const v of x.result?.variants ?? []) verdicts[v.verdict] = (verdicts[v.verdict] ?? 0) + 1;
  rows.push({
    what: `ablate ${short(best.runName)} ${idOf(best.externalId)} --json (${best.hunks} hunks)`,
    ...processFigures(figures),
    status: x.status,
    evaluations: x.done,
    concurrency: 2,
    msPerEvaluationEndToEnd: x.done ? Math.round(figures.wallMs / x.done) : null,
    sandboxMsPerEvaluation: { median: r1(median(walls) ?? NaN), mean: r1(mean(walls) ?? NaN) },
    verdicts,
  });
  log(JSON.stringify(rows.at(-1)));
}

// ---- replay ----------------------------------------------------------------------------------
// Per demo run, its first valid child with a stored prompt (diff or full-rewrite mode, as the run
// ran) that changed its parent's score.
for (const run of runs) {
  const { rows: t } = await pool().query<{ id: string; external_id: string; response: string }>(
    `SELECT p.id, p.external_id, r.content AS response
     FROM programs p JOIN contexts c ON c.program_id = p.id AND c.kind IN ('diff_user', 'full_rewrite_user') JOIN blobs r ON r.sha256 = c.response_sha
     JOIN edges e ON e.child_id = p.id AND e.ordinal = 0 JOIN programs pp ON pp.id = e.parent_id
     WHERE p.run_id = $1 AND p.valid AND p.score IS NOT NULL AND pp.score IS NOT NULL AND p.score <> pp.score
     ORDER BY p.seq LIMIT 1`,
    [run.id],
  );
  if (!t.length) {
    log(`replay: ${run.name} has no program with a stored prompt; skipped`);
    rows.push({ what: `replay ${short(run.name)}: skipped, no program with a stored prompt` });
    continue;
  }
  const target = t[0];
  // Every request answered with the stored original reply, as fast as the loopback allows.
  const server = await startScriptedLlm(() => ({ kind: 'content', content: target.response, usage: { prompt: 1000, completion: 200 } }));
  const env = { ...process.env, EVOSCOPE_LLM_BASE_URL: server.baseUrl, EVOSCOPE_LLM_MODEL: 'scripted-model', EVOSCOPE_LLM_API_KEY: 'sk-bench-not-a-secret' };
  try {
    for (const concurrency of [1, 2]) {
      await setEvaluationConcurrency(concurrency);
      log(`replay ${run.name} ${target.external_id} --n 8 at concurrency ${concurrency} ...`);
      const { figures, out } = await cli(['replay', run.id, target.id, '--n', '8', '--json'], env);
      const x = out as { experimentId: string; status: string; done: number; total: number; report: ReplayReport | null };
      const walls = await callWalls(x.experimentId);
      const v = x.report?.variants[0];
      rows.push({
        what: `replay ${short(run.name)} ${idOf(target.external_id)} --n 8 --json, concurrency ${concurrency}`,
        ...processFigures(figures),
        status: x.status,
        trials: x.done,
        concurrency,
        msPerTrialEndToEnd: x.done ? Math.round(figures.wallMs / x.done) : null,
        trialsPerSecond: x.done ? Number((x.done / (figures.wallMs / 1000)).toFixed(2)) : null,
        sandboxMsPerTrial: { median: r1(median(walls) ?? NaN), mean: r1(mean(walls) ?? NaN) },
        llmRequests: server.requests.length,
        parseSuccess: v?.parseSuccess ?? null,
        evalSuccess: v?.evalSuccess ?? null,
        exactMatch: v?.exactMatch ?? null,
        normalisedMatch: v?.normalisedMatch ?? null,
        scoreRatio: v?.scoreRatio ?? null,
      });
      server.requests.length = 0;
      log(JSON.stringify(rows.at(-1)));
    }
  } finally {
    await server.close();
  }
}

await setEvaluationConcurrency(null);
await releaseJobClient();
await disconnect();
fs.rmSync(tmp, { recursive: true, force: true });
process.stdout.write(`${JSON.stringify({ rows, loadAverage: os.loadavg().map(r1) })}\n`);

// Writes one run as an EvoTrace refined layout directory (the layout EvoReplay's
// core/checkpoints.py load_programs reads; files listed in lib/importers/evotraceLayout.ts).
// Pure: plain run data in (the same RunRecord / ProgramRecord shapes importers yield), files
// out; no database. Programs arrive as an (async) iterable and are written line by line, so a
// 100k-program run never sits in memory; only the set of blob hashes already written does.
//
// programs.jsonl row, field by field (EvoReplay reads the first group; the rest are Evoscope
// extras it ignores and lib/importers/evotrace.ts reads back for a lossless round trip):
//   id                 externalId
//   solution           the program source, inline (EvoReplay uses it as is when non-empty)
//   solution_sha256    sha256 of the source's UTF-8 bytes; the same text in blobs/<sha[:2]>/<sha>.txt
//   prompts_sha256     the contexts as {template: {system, user, responses[]}} in blobs/../<sha>.json
//                      (null without contexts)
//   parent_id          the first parent's externalId (EvoReplay's lineage walk)
//   iteration_found    the iteration exactly as the source recorded it (not the effective one)
//   metrics, language, timestamp (seconds), generation, metadata ({} rather than null:
//                      EvoReplay calls metadata.get(...))
//   other_context_ids, parent_info, context_info   null (Evoscope does not keep them)
//   status             'accepted' for valid programs, 'failed' for invalid ones; source 'evoscope'
//   artifacts          evaluation artifacts (refine_outputs.py's field)
//   island_idx, valid, invalid_reason, score, is_migrant       Evoscope columns
//   evaluated          false for a program never evaluated (Evoscope column; absent otherwise)
//   parents            [{id, operator}] every parent in order (crossover has several)
//   evaluation         {status, output, errors, timing_ms, public_metrics, private_metrics, feedback}
//   origin             {model, operator, prompt_tokens, completion_tokens, cost} (Evoscope; absent when none)
//   context_refs       [{id, label}] programs shown as context, not parents (Evoscope; absent when none)
//   rejected           true for a program the search rejected (Evoscope; absent otherwise)
//   components         {name: text} of a components program, whose solution is their componentsText
// meta.json's evoscope.strategies holds an EvoX run's search strategies (StrategyRecord, code inline).
// Non-finite numbers (which JSON cannot spell) are written as strings, as lib/db stores them.
import crypto from 'node:crypto';
import fs from 'node:fs';
import { once } from 'node:events';
import path from 'node:path';
import YAML from 'yaml';
import type { ProgramRecord, RunRecord, StrategyRecord } from '../trace/schema';
import {
  EXPORTER, FILES, ISLAND_ROLE, blobPath, contextsToPrompts, pythonJsonDumps,
} from './evotraceLayout';

export interface EvoTraceExportInput {
  run: RunRecord;
  /** Evoscope's id of the run, recorded in meta.json. */
  runId?: string;
  bestProgramExternalId?: string | null;
  bestScore?: number | null;
  programs: AsyncIterable<ProgramRecord> | Iterable<ProgramRecord>;
  /** EvoX search strategies, written into meta.json (tens of them). */
  strategies?: StrategyRecord[];
}

export interface EvoTraceExportSummary {
  outDir: string;
  /** Top-level entries written, relative to outDir (blobs/ counted in `blobs`). */
  files: string[];
  programs: number;
  edges: number;
  invalidPrograms: number;
  /** Programs with at least one context (prompt). */
  prompts: number;
  contexts: number;
  evaluations: number;
  islands: number;
  blobs: { solution: number; prompts: number; replay: number };
  bestProgramExternalId: string | null;
}

export interface WriteOptions {
  /** Called after every 500 programs and at the end. */
  onProgress?: (programsWritten: number) => void;
  /** Recorded as meta.json refined_at; defaults to now. */
  exportedAt?: Date;
}

const sha256 = (text: string) => crypto.createHash('sha256').update(text, 'utf8').digest('hex');

/** JSON.stringify, keeping non-finite numbers as the strings lib/db stores them as. */
const toJson = (v: unknown, indent?: number) =>
  JSON.stringify(v, (_k, x) => (typeof x === 'number' && !Number.isFinite(x) ? String(x) : x), indent);

/** A JSONL file written line by line, waiting for the stream to drain (bounded memory). */
class LineWriter {
  private readonly stream: fs.WriteStream;
  private failure: Error | null = null;
  constructor(file: string) {
    this.stream = fs.createWriteStream(file, { flags: 'wx', encoding: 'utf8' });
    this.stream.on('error', (e) => (this.failure = e));
  }
  async write(row: unknown) {
    if (this.failure) throw this.failure;
    if (!this.stream.write(`${toJson(row)}\n`)) await once(this.stream, 'drain');
  }
  async close() {
    if (this.failure) throw this.failure;
    await new Promise<void>((resolve, reject) => this.stream.end((e?: Error | null) => (e ? reject(e) : resolve())));
  }
  destroy() {
    this.stream.destroy();
  }
}

/**
 * Content-addressed blob files, each written once. Writes run concurrently (up to IN_FLIGHT):
 * on a slow file system one create-write-close per blob, one after the other, dominates the
 * export time. The first failure is rethrown by the next put() or by flush().
 */
class BlobWriter {
  private static readonly IN_FLIGHT = 32;
  private readonly written = new Set<string>();
  private readonly dirs = new Map<string, Promise<unknown>>();
  private readonly pending = new Set<Promise<void>>();
  private failure: unknown = null;
  constructor(private readonly root: string) {}

  /** Schedules `text` under its sha256 unless already there; returns the sha and whether it was new. */
  async put(text: string, ext: 'txt' | 'json'): Promise<{ sha: string; fresh: boolean }> {
    if (this.failure) throw this.failure;
    const sha = sha256(text);
    const key = `${sha}.${ext}`;
    if (this.written.has(key)) return { sha, fresh: false };
    this.written.add(key);
    const file = path.join(this.root, ...blobPath(sha, ext).split('/'));
    const dir = path.dirname(file);
    let made = this.dirs.get(dir);
    if (!made) this.dirs.set(dir, (made = fs.promises.mkdir(dir, { recursive: true })));
    const job: Promise<void> = made
      .then(() => fs.promises.writeFile(file, text, { encoding: 'utf8', flag: 'wx' }))
      .catch((e: unknown) => void (this.failure ??= e))
      .finally(() => this.pending.delete(job));
    this.pending.add(job);
    if (this.pending.size >= BlobWriter.IN_FLIGHT) await Promise.race(this.pending);
    return { sha, fresh: true };
  }

  async flush() {
    await Promise.all(this.pending);
    if (this.failure) throw this.failure;
  }
}

/** The programs.jsonl row of one program (see the header for every field). */
export function programRow(p: ProgramRecord, solutionSha: string, promptsSha: string | null): Record<string, unknown> {
  const parents = [...new Map((p.parents ?? []).map((pa) => [pa.externalId, pa])).values()];
  const e = p.evaluation;
  return {
    id: p.externalId,
    language: p.language ?? null,
    metrics: p.metrics ?? {},
    iteration_found: p.iteration ?? null,
    parent_id: parents[0]?.externalId ?? null,
    other_context_ids: null,
    parent_info: null,
    context_info: null,
    timestamp: p.timestamp ?? null,
    metadata: p.metadata ?? {},
    generation: p.generation ?? null,
    status: p.valid ? 'accepted' : 'failed',
    source: EXPORTER,
    solution: p.code,
    solution_sha256: solutionSha,
    prompts_sha256: promptsSha,
    artifacts: e?.artifacts ?? null,
    island_idx: p.island ?? null,
    valid: p.valid,
    invalid_reason: p.invalidReason ?? null,
    ...(p.evaluated === false ? { evaluated: false } : {}),
    score: p.score ?? null,
    is_migrant: p.isMigrant ?? false,
    parents: parents.map((pa) => ({ id: pa.externalId, operator: pa.operator ?? null })),
    ...(p.origin
      ? { origin: { model: p.origin.model ?? null, operator: p.origin.operator ?? null, prompt_tokens: p.origin.promptTokens ?? null,
          completion_tokens: p.origin.completionTokens ?? null, cost: p.origin.cost ?? null } }
      : {}),
    ...(p.contextRefs?.length ? { context_refs: p.contextRefs.map((r) => ({ id: r.externalId, label: r.label ?? null })) } : {}),
    ...(p.rejected ? { rejected: true } : {}),
    ...(p.components ? { components: p.components } : {}),
    evaluation: e
      ? {
          status: e.status ?? 'ok',
          output: e.output ?? null,
          errors: e.errors ?? null,
          timing_ms: e.timingMs ?? null,
          public_metrics: e.publicMetrics ?? null,
          private_metrics: e.privateMetrics ?? null,
          feedback: e.feedback ?? null,
        }
      : null,
  };
}

/** The output directory already holds files; nothing was written (or removed). */
export class DirectoryNotEmptyError extends Error {
  constructor(readonly dir: string) {
    super(`${dir} exists and is not empty; choose a new or empty directory`);
    this.name = 'DirectoryNotEmptyError';
  }
}

async function assertEmptyDir(dir: string) {
  await fs.promises.mkdir(dir, { recursive: true });
  const entries = await fs.promises.readdir(dir);
  if (entries.length) throw new DirectoryNotEmptyError(dir);
}

/**
 * Writes the layout into `outDir` (created when missing; must be empty). Files are written in
 * this order: run_config.yaml, replay files, programs.jsonl + iterations.jsonl + blobs while
 * streaming, then iter_scalars.jsonl and finally meta.json, so a directory with meta.json is
 * complete.
 */
export async function writeEvoTrace(outDir: string, input: EvoTraceExportInput, opts: WriteOptions = {}): Promise<EvoTraceExportSummary> {
  await assertEmptyDir(outDir);
  const { run } = input;
  const at = (f: string) => path.join(outDir, f);
  const blobs = new BlobWriter(outDir);
  const files: string[] = [];
  const counts = { solution: 0, prompts: 0, replay: 0 };

  // EvoReplay's detect_language reads run_config.yaml's `language`: without a config of its own
  // the run gets one holding just that (meta.json's evoscope.has_config says which it is).
  const config = run.config ?? (run.language ? { language: run.language } : {});
  await fs.promises.writeFile(at(FILES.config), YAML.stringify(config), { flag: 'wx' });
  files.push(FILES.config);

  if (run.replay) {
    const r = run.replay;
    const fileShas: Record<string, string> = {};
    for (const [name, text] of Object.entries(r.files ?? {})) {
      const { sha, fresh } = await blobs.put(text, 'txt');
      fileShas[name] = sha;
      if (fresh) counts.replay++;
    }
    const env = {
      evaluator_command: r.evaluatorCommand ?? run.evaluatorCommand ?? null,
      files: fileShas,
      dependencies: r.dependencies ?? null,
      timeout_seconds: r.timeoutSeconds ?? null,
      notes: r.notes ?? null,
    };
    await fs.promises.writeFile(at(FILES.replay), `${toJson(env)}\n`, { flag: 'wx' });
    files.push(FILES.replay);
    // EvoTrace runs carry their evaluator as evaluate.py at the top (an optional file).
    const evaluator = r.files?.[FILES.evaluator];
    if (evaluator != null) {
      await fs.promises.writeFile(at(FILES.evaluator), evaluator, { flag: 'wx' });
      files.push(FILES.evaluator);
    }
  }

  const programsOut = new LineWriter(at(FILES.programs));
  const iterationsOut = new LineWriter(at(FILES.iterations));
  const stats = { programs: 0, edges: 0, invalid: 0, prompts: 0, contexts: 0, evaluations: 0 };
  const islands = new Set<number>();
  let lastIteration: number | null = null;
  try {
    for await (const p of input.programs) {
      const solution = await blobs.put(p.code, 'txt');
      if (solution.fresh) counts.solution++;
      const prompts = contextsToPrompts(p.contexts ?? []);
      let promptsSha: string | null = null;
      if (prompts) {
        const blob = await blobs.put(pythonJsonDumps(prompts), 'json');
        promptsSha = blob.sha;
        if (blob.fresh) counts.prompts++;
      }
      const row = programRow(p, solution.sha, promptsSha);
      await programsOut.write(row);
      if (p.island != null) {
        islands.add(p.island);
        await iterationsOut.write({
          iteration: p.iteration ?? null, role: ISLAND_ROLE, island_idx: p.island, slot_key: null, program_id: p.externalId, value: null,
        });
      }
      stats.programs++;
      stats.edges += (row.parents as unknown[]).length;
      if (!p.valid) stats.invalid++;
      if (p.contexts?.length) stats.prompts++;
      stats.contexts += p.contexts?.length ?? 0;
      if (p.evaluation) stats.evaluations++;
      if (p.iteration != null) lastIteration = Math.max(lastIteration ?? p.iteration, p.iteration);
      if (stats.programs % 500 === 0) opts.onProgress?.(stats.programs);
    }
    await programsOut.close();
    await iterationsOut.close();
    await blobs.flush();
  } catch (e) {
    programsOut.destroy();
    iterationsOut.destroy();
    await blobs.flush().catch(() => {}); // let writes in flight settle before the caller cleans up
    throw e;
  }
  files.push(FILES.programs, FILES.iterations);
  opts.onProgress?.(stats.programs);

  const best = input.bestProgramExternalId ?? null;
  const scalars = new LineWriter(at(FILES.scalars));
  if (best != null) await scalars.write({ iteration: lastIteration, key: 'best_program_id', value: best });
  if (lastIteration != null) await scalars.write({ iteration: lastIteration, key: 'last_iteration', value: lastIteration });
  await scalars.close();
  files.push(FILES.scalars);

  const { config: _config, replay: _replay, ...runFields } = run;
  const meta = {
    backend: run.framework,
    source: run.sourcePath ?? run.name,
    refined_at: (opts.exportedAt ?? new Date()).toISOString(),
    counts: {
      accepted_unique: stats.programs - stats.invalid,
      failed_unique: stats.invalid,
      blobs_solution: counts.solution,
      blobs_prompts: counts.prompts,
      blobs_replay: counts.replay,
      programs: stats.programs,
      edges: stats.edges,
      contexts: stats.contexts,
      evaluations: stats.evaluations,
      islands: islands.size,
    },
    schema_version: 1,
    evoscope: {
      exporter: EXPORTER,
      run_id: input.runId ?? null,
      best_program_id: best,
      best_score: input.bestScore ?? null,
      has_config: run.config != null,
      run: runFields,
      ...(input.strategies?.length ? { strategies: input.strategies } : {}),
    },
  };
  await fs.promises.writeFile(at(FILES.meta), `${toJson(meta, 2)}\n`, { flag: 'wx' });
  files.push(FILES.meta);
  if (counts.solution + counts.prompts + counts.replay) files.push(`${FILES.blobs}/`);

  return {
    outDir,
    files,
    programs: stats.programs,
    edges: stats.edges,
    invalidPrograms: stats.invalid,
    prompts: stats.prompts,
    contexts: stats.contexts,
    evaluations: stats.evaluations,
    islands: islands.size,
    blobs: counts,
    bestProgramExternalId: best,
  };
}

// SkyDiscover output directories (AdaEvolve, EvoX, GEPA-native, OpenEvolve-native, top-k, beam
// search, ...: every search writes this layout) -> one ImportedRun. Layout and detection:
// skydiscoverLayout.ts; one program: skydiscoverProgram.ts; the search's state:
// skydiscoverState.ts; EvoX's strategies: skydiscoverStrategies.ts.
//
//   <output dir>/                      (runner.py: outputs/<search>/<problem>_<date>/)
//     checkpoints/checkpoint_N/
//       programs/<id>.json             Program.to_dict() + prompts. A checkpoint holds the
//                                      population of its moment: every checkpoint is merged by id
//                                      (openevolveCopies.ts: a later copy overwrites a field only
//                                      with a non-empty value; iteration_found keeps the earliest)
//       metadata.json                  best_program_id, last_iteration (the snapshot's iteration)
//       best_program.*, best_program_info.json   not read (best/ is the final word)
//       adaevolve_metadata.json | gepa_metadata.json | openevolve_native_metadata.json
//                                      the search's sidecar -> searchState (skydiscoverState.ts);
//                                      gepa's rejection_history (whole Program dicts) -> programs
//                                      with rejected = true, merged by id across checkpoints
//     best/best_program_info.json      -> run.meta.bestProgramInfo (id, iteration, metrics with the
//                                      test_* re-evaluation, ...)
//     summary.json                     budget ledger (nominal_budget, total_cost, oob, overshoot,
//                                      num_iterations, num_generation_calls, num_retry_calls,
//                                      num_guide_calls, best_score) -> run.budget and run.meta.summary;
//                                      total_cost and num_iterations -> the run's counters
//     llm_usage.json                   LLM usage (cost.py CostTracker snapshot: total {call_count,
//                                      input/output/total tokens, *_cost_usd}, by_category) ->
//                                      run.meta.llmUsage; total tokens and cost -> counters
//     human_feedback.md                -> run.meta.humanFeedback {text, active: the lines that are
//                                      not comments, which SkyDiscover appended to the system prompt}
//     run_config.yaml, run_info.json   (beside the output when a harness copied them, as EvoTrace's
//                                      runs have) -> run.config (+ modelConfig = its llm section),
//                                      run.meta.runInfo
//     search/iteration_N/              EvoX's co-evolved strategies -> ImportedRun.strategies;
//                                      iteration_1/labels.yaml names the diverge / refine operators
//     iterations.jsonl                 (the budget-accounting fork) per-iteration LLM calls -> each
//                                      program's origin model / tokens / cost and a cost curve
//                                      (skydiscoverUsage.ts)
//     logs/                            only listed
// Program files are streamed (ReadOptions.streamPrograms: light records, loadPrograms reads the
// full ones again); `analyze` drops prompts and artifacts as it reads. JSON goes through lib/files
// (size cap, strict UTF-8, errors naming the file); nothing is ever unpickled.
// What a run lacks is said in warnings: programs whose parent or context program is not in any
// checkpoint, per-program model / tokens / cost (SkyDiscover records none), prompts (not logged),
// summary.json / llm_usage.json, GEPA's bounded rejection window, a best score that disagrees.
import fs from 'node:fs';
import path from 'node:path';
import { parseYamlBounded } from '../files/parseYaml';
import { ImportError, type ImportedRun, type ImportWarning, type ProgramRecord } from '../trace/schema';
import { choosePrimaryMetric } from '../trace/validity';
import type { ImporterFormat, ReadOptions } from './format';
import { FORMAT_DESCRIPTIONS } from './formatList';
import { isDir, isFile } from './inputFiles';
import { copyId, mergeCopy } from './openevolveCopies';
import { missingCheckpoints } from './openevolveLayout';
import { isObject, type Json } from './openevolveProgram';
import { Reader } from './openevolveReader';
import { checkedSearchState } from './searchStateCheck';
import { skyWarnings } from './skydiscoverWarnings';
import { locateSkyDiscover, readTextFile, sidecarsOf, type SkyLayout } from './skydiscoverLayout';
import { toSkyProgramRecord, type SkyProgramContext } from './skydiscoverProgram';
import { SkyStateCollector } from './skydiscoverState';
import { evoxLabelNames, readStrategies } from './skydiscoverStrategies';
import { readIterationUsage, usageByProgram, type IterationUsage } from './skydiscoverUsage';
import { withUsage } from './skydiscoverProgram';

const DROPPED = new Set(['embedding']);
/** `analyze` reads code, lineage, iterations and metrics only. */
const DROPPED_FOR_ANALYSIS = new Set([...DROPPED, 'prompts', 'artifacts']);
/** Light records of a streamed import: the source is read again by loadPrograms. */
const DROPPED_WHEN_STREAMED = new Set([...DROPPED_FOR_ANALYSIS, 'solution', 'code']);

const without = (o: Json, keys: ReadonlySet<string>) => Object.fromEntries(Object.entries(o).filter(([k]) => !keys.has(k)));
const int = (v: unknown) => (typeof v === 'number' && Number.isInteger(v) ? v : null);

/** Non-comment, non-blank lines of human_feedback.md: what SkyDiscover adds to the system prompt. */
function activeFeedback(text: string): string | null {
  const lines = text.split('\n').filter((l) => l.trim() && !l.trimStart().startsWith('#'));
  return lines.length ? lines.join('\n') : null;
}

async function readOptional(reader: Reader, file: string): Promise<Json | null> {
  return isFile(file) ? reader.readObject(file) : null;
}

async function readRunConfig(layout: SkyLayout, rel: (abs: string) => string, warnings: ImportWarning[]): Promise<Json | null> {
  for (const name of ['run_config.yaml', 'config.yaml']) {
    const file = path.join(layout.root, name);
    if (!isFile(file)) continue;
    try {
      const parsed: unknown = parseYamlBounded((await readTextFile(file, rel(file))) ?? '');
      if (isObject(parsed)) return parsed;
    } catch (e) {
      warnings.push({ code: 'config-unreadable', message: `config not read: ${(e as Error).message}`, file: rel(file) });
    }
  }
  return null;
}

export async function readSkyDiscoverRun(p: string, opts: ReadOptions = {}): Promise<ImportedRun> {
  const layout = locateSkyDiscover(p);
  if (!layout) throw new ImportError(`not a SkyDiscover output directory (no checkpoints/checkpoint_N holding SkyDiscover programs): ${p}`);
  const stream = !!opts.streamPrograms && !opts.forAnalysis;
  const dropped = stream ? DROPPED_WHEN_STREAMED : opts.forAnalysis ? DROPPED_FOR_ANALYSIS : DROPPED;
  const reader = new Reader(layout.base, opts.onFileRead, dropped, stream);
  const rel = (abs: string) => reader.rel(abs);
  const warnings: ImportWarning[] = [];
  const state = new SkyStateCollector();
  // GEPA's rejected programs: whole records, merged by id like the checkpoints' copies.
  const rejected = new Map<string, Json>();
  const rejectedFile = new Map<string, string>();
  let newestMeta: Json | null = null;
  let lastIteration: number | null = null;
  let rejectedWithoutId = 0;

  for (const cp of layout.checkpoints) {
    const metaFile = path.join(cp.dir, 'metadata.json');
    if (isFile(metaFile)) {
      newestMeta = await reader.readObject(metaFile);
      lastIteration = int(newestMeta.last_iteration) ?? lastIteration;
    }
    for (const { file, search } of sidecarsOf(cp.dir)) {
      const sidecar = await reader.readObject(file);
      if (Array.isArray(sidecar.rejection_history)) {
        for (const entry of sidecar.rejection_history) {
          // Program.to_dict() always writes an id; an entry without one is skipped, as EvoReplay does.
          if (!isObject(entry) || typeof entry.id !== 'string' || !entry.id) {
            rejectedWithoutId++;
            continue;
          }
          const id = entry.id;
          if (!rejected.has(id)) rejectedFile.set(id, rel(file));
          mergeCopy(rejected, id, { ...entry, id }, opts.forAnalysis ? DROPPED_FOR_ANALYSIS : DROPPED);
        }
      }
      state.add(cp.n, int(newestMeta?.last_iteration) ?? cp.n, search, sidecar);
    }
    if (isDir(path.join(cp.dir, 'programs'))) await reader.readPrograms(path.join(cp.dir, 'programs'));
  }
  if (rejectedWithoutId) {
    warnings.push({ code: 'rejected-without-id', message: `${rejectedWithoutId} rejection_history entries have no program id: left out`, count: rejectedWithoutId });
  }
  // A program rejected once and kept later (same id in programs/) is a program of the population.
  for (const id of reader.programs.keys()) rejected.delete(id);
  if (!reader.programs.size && !rejected.size) throw new ImportError('no program files found', rel(layout.root));

  const bestProgramInfo = await readOptional(reader, path.join(layout.root, 'best', 'best_program_info.json'));
  const summary = await readOptional(reader, path.join(layout.root, 'summary.json'));
  const llmUsage = await readOptional(reader, path.join(layout.root, 'llm_usage.json'));
  const runInfo = await readOptional(reader, path.join(layout.root, 'run_info.json'));
  const feedbackFile = path.join(layout.root, 'human_feedback.md');
  const feedback = await readTextFile(feedbackFile, rel(feedbackFile));
  const config = await readRunConfig(layout, rel, warnings);
  const labelNames = await evoxLabelNames(layout.root, warnings, rel);
  const strategies = await readStrategies(layout.root, (f) => reader.readObject(f), rel, warnings);
  const logsDir = path.join(layout.root, 'logs');
  const logs = isDir(logsDir) ? fs.readdirSync(logsDir).map((f) => ({ file: f, bytes: fs.statSync(path.join(logsDir, f)).size })) : [];

  const raws = [...reader.programs.values(), ...rejected.values()];
  const scoreMetric = choosePrimaryMetric(raws.map((r) => (isObject(r.metrics) ? r.metrics : {})));
  const islandOf = state.islandOf();
  let usageOf = new Map<string, IterationUsage>();
  const contextOf = (id: string, light: boolean): SkyProgramContext => ({
    scoreMetric, labelNames, islandOf, light, usage: usageOf.get(id),
    file: reader.firstFile.get(id) ?? rejectedFile.get(id)!,
    rejected: rejected.has(id),
  });
  const programs: ProgramRecord[] = [
    ...[...reader.programs.values()].map((raw) => toSkyProgramRecord(raw, contextOf(raw.id as string, stream))),
    // Rejected programs are held whole (they come from sidecars); a streamed pass still yields them light.
    ...[...rejected.values()].map((raw) => toSkyProgramRecord(stream ? without(raw, DROPPED_WHEN_STREAMED) : raw, contextOf(raw.id as string, stream))),
  ];
  reader.programs.clear(); // records now; loadPrograms merges its own copies from the files
  // Who made each program, where the build logged it per iteration (known once every program is read).
  const usage = await readIterationUsage(layout.root, rel);
  if (usage) {
    usageOf = usageByProgram(programs, usage, warnings);
    for (const pr of programs) pr.origin = withUsage(pr.origin, usageOf.get(pr.externalId));
  }

  const maxIteration = programs.reduce((m, pr) => Math.max(m, pr.iteration ?? 0), 0);
  const totals = { summary, llmUsage, lastIteration: lastIteration ?? maxIteration, perIteration: usage?.counters ?? [] };
  const searchState = checkedSearchState(state.build(programs, layout.search, totals), warnings);
  const withPrompts = stream ? reader.withPrompts.size : programs.filter((pr) => pr.contexts?.length).length;
  warnings.push(...skyWarnings({ programs, rejected: rejected.size, search: layout.search, summary, llmUsage, bestProgramInfo, withPrompts, skippedFiles: reader.skippedFiles }));

  const langs = new Map<string, number>();
  for (const pr of programs) if (pr.language) langs.set(pr.language, (langs.get(pr.language) ?? 0) + 1);
  const folder = path.basename(layout.root);
  const gaps = missingCheckpoints(layout.checkpoints.map((c) => c.n));
  const imported: ImportedRun = {
    run: {
      name: opts.name ?? folder,
      framework: 'skydiscover',
      task: folder,
      language: [...langs].sort((a, b) => b[1] - a[1])[0]?.[0] ?? null,
      scoreMetric,
      higherIsBetter: true, // every SkyDiscover search maximises combined_score (utils/metrics.py get_score)
      config: config ?? undefined,
      modelConfig: config && isObject(config.llm) ? config.llm : undefined,
      budget: summary ?? undefined,
      meta: {
        search: layout.search,
        checkpoints: layout.checkpoints.map((c) => c.n),
        ...(gaps.length ? { missingCheckpoints: gaps } : {}),
        bestProgramId: newestMeta?.best_program_id ?? null,
        lastIteration,
        bestProgramInfo,
        summary,
        llmUsage,
        runInfo,
        humanFeedback: feedback == null ? null : { text: feedback, active: activeFeedback(feedback) },
        ...(logs.length ? { logs } : {}),
      },
      sourceKind: 'directory',
      sourcePath: layout.base,
    },
    programs,
    warnings,
    searchState,
    ...(strategies.length ? { strategies } : {}),
    stats: {
      filesRead: reader.filesRead,
      checkpointsMerged: layout.checkpoints.length,
      checkpointsMissing: gaps.length,
      programCopies: reader.programCopies,
      programs: programs.length,
      rejectedPrograms: rejected.size,
      programsWithPrompts: withPrompts,
      invalidPrograms: programs.filter((pr) => !pr.valid).length,
      migrants: programs.filter((pr) => pr.isMigrant).length,
      contextRefs: programs.reduce((s, pr) => s + (pr.contextRefs?.length ?? 0), 0),
      strategies: strategies.length,
      logFiles: logs.length,
    },
  };
  if (stream) imported.loadPrograms = (ids) => loadFull(reader, rejected, ids, (id) => contextOf(id, false));
  return imported;
}

/** The full records of `ids`: program files read again and merged as the first pass did; rejected ones from memory. */
async function loadFull(reader: Reader, rejected: Map<string, Json>, ids: readonly string[], contextOf: (id: string) => SkyProgramContext): Promise<ProgramRecord[]> {
  const files = ids.map((id) => (rejected.has(id) ? [] : (reader.copies.get(id) ?? [])));
  const flat = await reader.readProgramFiles(files.flat(), DROPPED);
  let at = 0;
  return ids.map((id, k) => {
    const merged = new Map<string, Json>();
    for (const file of files[k]) {
      const obj = flat[at++].obj;
      const got = copyId(file, obj, reader.rel(file));
      if (got !== id) throw new ImportError(`program file changed during the import (it now holds program ${got}, not ${id})`, reader.rel(file));
      mergeCopy(merged, id, obj, DROPPED);
    }
    const raw = merged.get(id) ?? rejected.get(id);
    if (!raw) throw new ImportError(`program ${id} has no file left to read`, reader.firstFile.get(id));
    return toSkyProgramRecord(raw, contextOf(id));
  });
}

export const skydiscoverFormat: ImporterFormat = {
  format: 'skydiscover',
  description: FORMAT_DESCRIPTIONS.skydiscover,
  detect: async (p) => locateSkyDiscover(p) != null,
  read: async (p, opts) => [await readSkyDiscoverRun(p, opts)],
};

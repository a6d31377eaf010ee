// OpenEvolve's evolution trace (openevolve/evolution_trace.py) -> programs, alone or beside
// checkpoints/. One record per accepted child, logged by the controller (process_parallel.py)
// after the child is added to the database:
//
//   {iteration, timestamp, parent_id, child_id, parent_metrics, child_metrics,
//    parent_code?, child_code?, code_diff?          (code only when include_code is on)
//    prompt? {system, user}, llm_response?          (only when include_prompts is on)
//    improvement_delta {metric: child - parent}, island_id, generation, artifacts?,
//    metadata {iteration_time, changes, ...forks add llm / operator},
//    problem_id?, problem_generation?, problem_difficulty?, falsification_passed?,
//    surprise_score?, is_solution?, phenotype?}     (a fork's discovery mode; kept in metadata)
//
// Field mapping, per child record:
//   externalId = child_id; parents = [parent_id, operator 'mutation']; iteration = iteration;
//   generation; timestamp (seconds); island = island_id; metrics = child_metrics (validity and
//   score by the shared rules of trace/validity.ts); code = child_code, else '' (no-code warning);
//   contexts = one {kind 'evolution_trace', system, user, response = llm_response};
//   evaluation.artifacts = artifacts; metadata = {source 'evolution_trace', iterationTime,
//   changes, codeDiff, improvementDelta, trace: the rest of metadata, discovery fields};
//   origin = {model: metadata.llm.model | model_name, operator: metadata.operator | template,
//   tokens / cost: metadata.llm.{prompt_tokens | input_tokens, completion_tokens | output_tokens,
//   cost}} -- upstream OpenEvolve writes none of these, so they are null with a warning.
// The seed (and any program from before the trace started) is never a child: it becomes a
// program from its parent_* fields (code, metrics), with no iteration, island or prompt.
//
// Beside checkpoints/ (openevolve.ts calls enrichWithTrace) the trace adds to the checkpoint
// programs of the same id what they lack (prompt and response, iteration_time, changes,
// artifacts, island, origin) and adds the children no checkpoint kept; it never duplicates one.
import path from 'node:path';
import fs from 'node:fs';
import { parseYamlBounded } from '../files/parseYaml';
import { ImportError, type ContextRecord, type ImportedRun, type ImportWarning, type ProgramOrigin, type ProgramRecord } from '../trace/schema';
import { assessValidity, choosePrimaryMetric } from '../trace/validity';
import type { ImporterFormat, ReadOptions } from './format';
import { FORMAT_DESCRIPTIONS } from './formatList';
import { isDir, isFile, isObject, relName, statOrNull, type Json } from './inputFiles';
import { readTraceFile, TRACE_FILE, traceFilesIn, type TraceFile } from './openevolveTraceFile';

const OUTPUT_DIR = 'openevolve_output';
const DISCOVERY = ['problem_id', 'problem_generation', 'problem_difficulty', 'falsification_passed', 'surprise_score', 'is_solution', 'phenotype'];

const str = (v: unknown) => (typeof v === 'string' && v !== '' ? v : null);
const int = (v: unknown) => (typeof v === 'number' && Number.isInteger(v) ? v : null);
const finite = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : null);
const count = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) && v >= 0 ? v : null);
const compact = (o: Json): Json => Object.fromEntries(Object.entries(o).filter(([, v]) => v != null));

/** Who made the child, as far as the record says (upstream: nothing; some forks: metadata.llm). */
export function traceOrigin(meta: Json): ProgramOrigin | null {
  const llm = isObject(meta.llm) ? meta.llm : {};
  const origin: ProgramOrigin = {
    model: str(llm.model) ?? str(llm.model_name) ?? str(meta.model),
    operator: str(meta.operator) ?? str(meta.template) ?? str(meta.prompt_template),
    promptTokens: count(llm.prompt_tokens) ?? count(llm.input_tokens),
    completionTokens: count(llm.completion_tokens) ?? count(llm.output_tokens),
    cost: finite(llm.cost),
  };
  return Object.values(origin).some((v) => v != null) ? origin : null;
}

function contextOf(rec: Json): ContextRecord[] {
  const prompt = isObject(rec.prompt) ? rec.prompt : null;
  const response = str(rec.llm_response);
  if (!prompt && !response) return [];
  const rest = prompt ? Object.fromEntries(Object.entries(prompt).filter(([k]) => k !== 'system' && k !== 'user')) : {};
  return [{ kind: 'evolution_trace', system: str(prompt?.system), user: str(prompt?.user), response, ...(Object.keys(rest).length ? { extra: rest } : {}) }];
}

function childRecord(rec: Json, scoreMetric: string): ProgramRecord {
  const meta = isObject(rec.metadata) ? rec.metadata : {};
  const metrics = isObject(rec.child_metrics) ? rec.child_metrics : {};
  const { valid, invalidReason, score } = assessValidity(metrics, scoreMetric);
  const { iteration_time, changes, ...restMeta } = meta;
  const artifacts = isObject(rec.artifacts) && Object.keys(rec.artifacts).length ? rec.artifacts : null;
  return {
    externalId: rec.child_id as string,
    code: typeof rec.child_code === 'string' ? rec.child_code : '',
    iteration: int(rec.iteration),
    generation: int(rec.generation),
    timestamp: finite(rec.timestamp),
    island: int(rec.island_id),
    valid,
    invalidReason,
    score,
    metrics,
    metadata: compact({
      source: 'evolution_trace',
      iterationTime: finite(iteration_time),
      changes: str(changes),
      codeDiff: str(rec.code_diff),
      improvementDelta: isObject(rec.improvement_delta) ? rec.improvement_delta : null,
      trace: Object.keys(restMeta).length ? restMeta : null,
      ...Object.fromEntries(DISCOVERY.map((k) => [k, rec[k] ?? null])),
    }),
    parents: [{ externalId: rec.parent_id as string, operator: 'mutation' }],
    evaluation: artifacts ? { status: valid ? 'ok' : 'failed', artifacts } : valid ? null : { status: 'failed' },
    contexts: contextOf(rec),
    origin: traceOrigin(meta),
  };
}

function parentOnlyRecord(id: string, rec: Json, scoreMetric: string): ProgramRecord {
  const metrics = isObject(rec.parent_metrics) ? rec.parent_metrics : {};
  const { valid, invalidReason, score } = assessValidity(metrics, scoreMetric);
  return {
    externalId: id,
    code: typeof rec.parent_code === 'string' ? rec.parent_code : '',
    valid,
    invalidReason,
    score,
    metrics,
    metadata: { source: 'evolution_trace (parent only)' },
    parents: [],
  };
}

export interface TracePrograms {
  /** Children in file order, then the parents that never appear as a child. */
  children: Map<string, ProgramRecord>;
  parentsOnly: ProgramRecord[];
  duplicates: number;
  withCode: number;
  withPrompts: number;
  withOrigin: number;
  scoreMetric: string;
}

/** The trace's records as programs; errors name the record (line of a jsonl file). */
export function tracePrograms(trace: TraceFile, rel: string): TracePrograms {
  for (const { at, value } of trace.records) {
    for (const k of ['child_id', 'parent_id']) {
      if (typeof value[k] !== 'string' || !value[k]) {
        const where = trace.format === 'jsonl' ? undefined : `traces[${at}]: `;
        throw new ImportError(`${where ?? ''}trace record has no ${k} (a non-empty string)`, rel, trace.format === 'jsonl' ? at : undefined);
      }
    }
  }
  const scoreMetric = choosePrimaryMetric(trace.records.map((r) => (isObject(r.value.child_metrics) ? r.value.child_metrics : {})));
  const children = new Map<string, ProgramRecord>();
  let duplicates = 0;
  const firstAsParent = new Map<string, Json>();
  for (const { value } of trace.records) {
    if (children.has(value.child_id as string)) duplicates++;
    else children.set(value.child_id as string, childRecord(value, scoreMetric));
    if (!firstAsParent.has(value.parent_id as string)) firstAsParent.set(value.parent_id as string, value);
  }
  const parentsOnly = [...firstAsParent].filter(([id]) => !children.has(id)).map(([id, rec]) => parentOnlyRecord(id, rec, scoreMetric));
  const all = [...children.values()];
  return {
    children,
    parentsOnly,
    duplicates,
    withCode: all.filter((p) => p.code !== '').length,
    withPrompts: all.filter((p) => p.contexts?.length).length,
    withOrigin: all.filter((p) => p.origin).length,
    scoreMetric,
  };
}

/** What the trace lacks, as warnings (each names the file). */
export function traceWarnings(t: TracePrograms, file: string, alone: boolean): ImportWarning[] {
  const n = t.children.size;
  const out: ImportWarning[] = [];
  if (t.duplicates) out.push({ code: 'trace-duplicates', message: `${t.duplicates} trace records repeat a child_id already seen: the first record of each child is kept`, file, count: t.duplicates });
  if (alone && t.withCode < n) {
    out.push({
      code: 'no-code',
      message: `${n - t.withCode} of ${n} children have no code in the trace (written without evolution_trace.include_code: true); import the output directory with its checkpoints/ for the code`,
      file,
      count: n - t.withCode,
    });
  }
  if (alone && t.withPrompts < n) {
    out.push({ code: 'no-prompts', message: `${n - t.withPrompts} of ${n} children have no prompt or LLM response in the trace (include_prompts was off)`, file, count: n - t.withPrompts });
  }
  if (t.withOrigin < n) {
    out.push({
      code: 'origin-unknown',
      message: `the trace records no LLM model, prompt template, tokens or cost for ${n - t.withOrigin} of ${n} children (OpenEvolve's trace metadata holds iteration_time and changes only)`,
      file,
      count: n - t.withOrigin,
    });
  }
  if (alone && t.parentsOnly.length) {
    const names = t.parentsOnly.slice(0, 5).map((p) => p.externalId).join(', ');
    out.push({
      code: 'parents-only',
      message: `${t.parentsOnly.length} programs appear only as parents (${names}${t.parentsOnly.length > 5 ? ', ...' : ''}): the initial program, or programs from before the trace began; their iteration, island and prompt are not in the trace`,
      file,
      count: t.parentsOnly.length,
    });
  }
  return out;
}

/** The trace file at `p`: the file itself, or one in p (or p/openevolve_output) without checkpoints. */
export async function locateTrace(p: string): Promise<{ file: string; root: string } | null> {
  const st = statOrNull(p);
  if (st?.isFile()) return TRACE_FILE.test(path.basename(p)) ? { file: path.resolve(p), root: path.dirname(path.resolve(p)) } : null;
  if (!st?.isDirectory()) return null;
  for (const root of [path.resolve(p), path.join(path.resolve(p), OUTPUT_DIR)]) {
    if (!isDir(root)) continue;
    const [file] = await traceFilesIn(root);
    if (file) return { file, root };
  }
  return null;
}

function readConfigBeside(root: string, warnings: ImportWarning[]): Json | null {
  for (const name of ['config.yaml', 'config.yml']) {
    const file = path.join(root, name);
    if (!isFile(file)) continue;
    try {
      const parsed = parseYamlBounded(fs.readFileSync(file, 'utf8'));
      if (isObject(parsed)) return parsed;
    } catch (e) {
      warnings.push({ code: 'config-unreadable', message: `config not read: ${(e as Error).message}`, file: name });
    }
  }
  return null;
}

/** An evolution trace on its own (no checkpoints/ beside it): one run. */
export async function readTraceRun(p: string, opts: ReadOptions = {}): Promise<ImportedRun> {
  const found = await locateTrace(p);
  if (!found) throw new ImportError(`no OpenEvolve evolution trace (evolution_trace.jsonl, .jsonl.gz, .json or .hdf5) at ${p}`);
  const base = statOrNull(p)?.isDirectory() ? path.resolve(p) : found.root;
  const rel = relName(base, found.file);
  const trace = await readTraceFile(found.file, rel);
  opts.onFileRead?.(1);
  if (!trace.records.length) throw new ImportError('the evolution trace holds no records', rel);
  const t = tracePrograms(trace, rel);
  const warnings = traceWarnings(t, rel, true);
  const config = readConfigBeside(found.root, warnings);
  const programs = [...t.children.values(), ...t.parentsOnly];
  if (opts.forAnalysis) for (const pr of programs) pr.contexts = [];
  const folder = path.basename(path.basename(found.root) === OUTPUT_DIR ? path.dirname(found.root) : found.root);
  return {
    run: {
      name: opts.name ?? folder,
      framework: 'openevolve',
      task: folder,
      language: config && typeof config.language === 'string' ? config.language : null,
      scoreMetric: t.scoreMetric,
      higherIsBetter: true,
      config: config ?? undefined,
      modelConfig: config && isObject(config.llm) ? config.llm : undefined,
      meta: { evolutionTrace: { file: rel, format: trace.format, records: trace.records.length, metadata: trace.metadata } },
      sourceKind: statOrNull(p)?.isFile() ? 'file' : 'directory',
      sourcePath: base,
    },
    programs,
    warnings,
    stats: { filesRead: 1, traceRecords: trace.records.length, programs: programs.length, parentsOnly: t.parentsOnly.length, programsWithCode: t.withCode, programsWithPrompts: t.withPrompts },
  };
}

export const openevolveTraceFormat: ImporterFormat = {
  format: 'openevolve-trace',
  description: FORMAT_DESCRIPTIONS['openevolve-trace'],
  detect: async (p) => (await locateTrace(p)) != null,
  read: async (p, opts) => [await readTraceRun(p, opts)],
};

// --- Beside checkpoints/: enriching the checkpoint programs (called by openevolve.ts) ---

export interface TraceBeside {
  t: TracePrograms;
  /** The trace file relative to the import root. */
  file: string;
  format: string;
  records: number;
}

/** The trace in one of `dirs` (the output directory first), read; a bad trace is a warning, never a failed import. */
export async function readTraceBeside(dirs: string[], rel: (abs: string) => string, warnings: ImportWarning[]): Promise<TraceBeside | null> {
  for (const dir of dirs) {
    const [abs] = await traceFilesIn(dir);
    if (!abs) continue;
    const file = rel(abs);
    try {
      const trace = await readTraceFile(abs, file);
      return { t: tracePrograms(trace, file), file, format: trace.format, records: trace.records.length };
    } catch (e) {
      if (!(e instanceof ImportError) && !(e as { code?: string }).code) throw e;
      warnings.push({ code: 'trace-unreadable', message: `evolution trace not read (the checkpoints are imported without it): ${(e as Error).message}`, file });
      return null;
    }
  }
  return null;
}

/**
 * Adds to a checkpoint program what its trace record has and it lacks. `light`: a streamed light
 * record (no contexts, code or artifacts: loadPrograms' full record gets those).
 */
export function mergeTraceRecord(p: ProgramRecord, rec: ProgramRecord, light: boolean): void {
  p.iteration ??= rec.iteration;
  p.generation ??= rec.generation;
  p.timestamp ??= rec.timestamp;
  p.island ??= rec.island;
  const meta = isObject(p.metadata) ? p.metadata : {};
  const fromTrace = isObject(rec.metadata) ? rec.metadata : {};
  const added = Object.fromEntries(Object.entries(fromTrace).filter(([k]) => k !== 'source' && meta[k] == null));
  p.metadata = { ...meta, ...added, evolutionTrace: true };
  if (rec.origin) {
    const o = p.origin ?? {};
    p.origin = Object.fromEntries((['model', 'operator', 'promptTokens', 'completionTokens', 'cost'] as const).map((k) => [k, o[k] ?? rec.origin![k] ?? null]));
  }
  if (light) return;
  if (!p.contexts?.length && rec.contexts?.length) p.contexts = rec.contexts;
  if (p.code === '' && rec.code !== '') p.code = rec.code;
  const artifacts = rec.evaluation?.artifacts;
  if (artifacts && !p.evaluation?.artifacts) p.evaluation = { ...(p.evaluation ?? { status: p.valid ? 'ok' : 'failed' }), artifacts };
}

/**
 * Enriches `programs` in place and appends the trace's programs that no checkpoint kept; returns
 * those, for loadPrograms (they are full records already).
 */
export function applyTrace(programs: ProgramRecord[], tb: TraceBeside, light: boolean): ProgramRecord[] {
  const ids = new Set(programs.map((p) => p.externalId));
  for (const p of programs) {
    const rec = tb.t.children.get(p.externalId);
    if (rec) mergeTraceRecord(p, rec, light);
  }
  const added = [...tb.t.children.values(), ...tb.t.parentsOnly].filter((p) => !ids.has(p.externalId));
  programs.push(...added);
  return added;
}

/** loadPrograms serving the trace-only programs itself and enriching the checkpoint ones. */
export function loadWithTrace(
  load: (ids: readonly string[]) => Promise<ProgramRecord[]>,
  tb: TraceBeside,
  added: ProgramRecord[],
): (ids: readonly string[]) => Promise<ProgramRecord[]> {
  const own = new Map(added.map((p) => [p.externalId, p]));
  return async (ids) => {
    const full = await load(ids.filter((id) => !own.has(id)));
    let k = 0;
    return ids.map((id) => {
      const mine = own.get(id);
      if (mine) return mine;
      const p = full[k++];
      const rec = tb.t.children.get(id);
      if (rec) mergeTraceRecord(p, rec, false);
      return p;
    });
  };
}

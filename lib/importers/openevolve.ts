// OpenEvolve output directories -> one ImportedRun. (SkyDiscover writes the same checkpoints with
// `solution` programs and search sidecars: skydiscover.ts, which reuses this file's Reader.)
//
//   openevolve_output/
//     checkpoints/checkpoint_N/{programs/<id>.json, metadata.json, best_program*}
//     db/programs/<id>.json        (optional: a full database dump)
//     best/best_program_info.json  (optional)
//     logs/                        (optional; only listed, never parsed)
//
// A checkpoint holds only the population of its moment, so programs that left it survive
// only in older checkpoints: every checkpoint (numeric order) and db/ are merged by program
// id. A later copy overwrites a field only with a non-empty value, so a prompt present in one
// copy survives copies where it is null. Files are read one at a time while the directories
// are streamed; nothing is read up front. Record mapping lives in openevolveProgram.ts.
//
// Variants handled here:
//  - early-2025 schema: no prompts, islands only in metadata.json `islands` (lists of ids),
//    `overall_score` instead of combined_score (lib/trace/validity.ts picks it), feature_map
//    keys such as "-2382-9" (parsed by parseFeatureKey, never as one number);
//  - missing checkpoints (checkpoint_10, _30, _70): fine; the gaps are counted in stats;
//  - resumed runs: the same ids again with later iterations, or an iteration counter that
//    restarted. Copies still merge by id, but iteration_found keeps the earliest non-null value,
//    and iterations going backwards (a copy, a checkpoint's last_iteration, or a child before
//    its parent) add an 'iterations-backwards' warning.
// The search state (islands per checkpoint, migrations, feature maps, config): openevolveState.ts.
import fs from 'node:fs';
import path from 'node:path';
import { parseYamlBounded } from '../files/parseYaml';
import { ImportError, type ImportedRun, type ImportWarning } from '../trace/schema';
import { choosePrimaryMetric } from '../trace/validity';
import type { ImporterFormat, ReadOptions } from './format';
import { isObject, toProgramRecord, type Json, type ProgramContext } from './openevolveProgram';
import type { ProgramRecord } from '../trace/schema';
import { parsePythonJson } from './pythonJson';
import { readJsonObject } from '../files/readJson';
import { asImportError, isDir, isFile } from './inputFiles';
import { FORMAT_DESCRIPTIONS } from './formatList';
import { checkedSearchState } from './searchStateCheck';
import { OpenEvolveStateCollector } from './openevolveState';
import { attachEvalAgent, findEvalAgentDir } from './evalAgent';
import { JsonReadPool, readProgramFile, unwrap } from './jsonReadPool';
import { applyTrace, loadWithTrace, readTraceBeside, traceWarnings } from './openevolveTrace';

const OUTPUT_DIR = 'openevolve_output';
const CHECKPOINT = /^checkpoint_(\d+)$/;
const READ_AHEAD = 32;
/** Files per batch once the thread pool reads them (several chunks per worker in flight). */
const POOL_READ_AHEAD = 512;
/** Program files read on the main thread before the pool starts (a worker costs ~0.2 s to start). */
const THREADS_AFTER = 2000;
/** Batches read ahead of the one being merged. */
const BATCHES_IN_FLIGHT = 3;


interface Layout {
  /** The path the user gave; error messages name files relative to it. */
  base: string;
  /** The OpenEvolve output directory itself (base, or base/openevolve_output). */
  root: string;
  checkpoints: { n: number; dir: string }[];
}

export function checkpointsOf(root: string) {
  const dir = path.join(root, 'checkpoints');
  if (!isDir(dir)) return [];
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .flatMap((d) => {
      const m = d.isDirectory() ? CHECKPOINT.exec(d.name) : null;
      return m ? [{ n: Number(m[1]), dir: path.join(dir, d.name) }] : [];
    })
    .sort((a, b) => a.n - b.n);
}

/** Finds the OpenEvolve output directory at or directly under `p`; null when there is none. */
export function locateOpenEvolve(p: string): Layout | null {
  const base = path.resolve(p);
  for (const root of [base, path.join(base, OUTPUT_DIR)]) {
    const checkpoints = checkpointsOf(root);
    if (checkpoints.length || isDir(path.join(root, 'db', 'programs'))) return { base, root, checkpoints };
    // A single checkpoint directory given on its own.
    if (isDir(path.join(root, 'programs')) && isFile(path.join(root, 'metadata.json'))) {
      const n = Number(CHECKPOINT.exec(path.basename(root))?.[1] ?? 0);
      return { base, root, checkpoints: [{ n, dir: root }] };
    }
  }
  return null;
}

/** Empty values never overwrite: null, '', [] and {}. */
const isEmpty = (v: unknown) =>
  v == null || v === '' || (Array.isArray(v) && !v.length) || (isObject(v) && !Object.keys(v).length);

function mergeFields(target: Json, src: Json, skip?: ReadonlySet<string>) {
  for (const [k, v] of Object.entries(src)) {
    if (skip?.has(k)) continue;
    if (isEmpty(v)) {
      if (!(k in target)) target[k] = v;
    } else if (k === 'metadata' && isObject(v) && isObject(target[k])) {
      mergeFields(target[k] as Json, v); // island / migrant flags may sit in either copy
    } else {
      target[k] = v;
    }
  }
}

const intOf = (v: unknown) => (typeof v === 'number' && Number.isInteger(v) ? v : null);

/** Reads and merges program copies by id (also used by skydiscover.ts, whose layout is the same). */
export class Reader {
  readonly programs = new Map<string, Json>();
  readonly firstFile = new Map<string, string>();
  filesRead = 0;
  programCopies = 0;
  skippedFiles = 0;
  /** Later copies of a program whose iteration_found is lower than an earlier copy's. */
  copiesGoingBack = 0;
  /** Streaming only (light records): the files of each program's copies, in merge order. */
  readonly copies = new Map<string, string[]>();
  readonly hasCode = new Set<string>();
  readonly withPrompts = new Set<string>();
  constructor(
    readonly base: string,
    private readonly onFileRead?: (filesRead: number) => void,
    /** Fields never kept from any copy. */
    private readonly dropped: ReadonlySet<string> = DROPPED,
    /** Light records (ReadOptions.streamPrograms): the full ones are read again by loadPrograms. */
    private readonly stream = false,
  ) {}

  rel(p: string) {
    // Files found while walking lie under base: slicing is exact, and path.relative on each of
    // 100k files cost ~0.7 s.
    if (p.startsWith(this.base) && p[this.base.length] === path.sep) return p.slice(this.base.length + 1).split(path.sep).join('/');
    return path.relative(this.base, p).split(path.sep).join('/') || path.basename(p);
  }

  /** One JSON object, read through lib/files: size cap, strict UTF-8, errors naming the file. */
  async readObject(file: string): Promise<Json> {
    let value: Json;
    try {
      value = (await readJsonObject(file, this.rel(file), { parse: parsePythonJson })) as Json;
    } catch (e) {
      throw asImportError(e);
    }
    this.filesRead++;
    this.onFileRead?.(this.filesRead);
    return value;
  }

  /** Thread pool for the program files of a large run (jsonReadPool.ts); null until then. */
  pool: JsonReadPool | null = null;

  /**
   * Program files read (the main thread for the first THREADS_AFTER files of a run, the pool
   * after), without the dropped fields; errors as ImportErrors naming the file.
   */
  async readProgramFiles(files: string[], drop: ReadonlySet<string>): Promise<{ obj: Json; hasCode: boolean; hasPrompts: boolean }[]> {
    const named = files.map((abs) => ({ abs, rel: this.rel(abs) }));
    if (!this.pool && this.programCopies + files.length > THREADS_AFTER) this.pool = new JsonReadPool();
    const results = this.pool
      ? await this.pool.read(named, [...drop])
      : await Promise.all(named.map((f) => readProgramFile(f.abs, f.rel, drop)));
    try {
      return results.map(unwrap);
    } catch (e) {
      throw asImportError(e);
    }
  }

  /**
   * Streams a programs/ directory, merging each file as it is read. Files are read a batch at a
   * time (on worker threads for a large run), the next batch while this one is merged, and merged
   * in directory order, so the result does not depend on timing.
   */
  async readPrograms(dir: string): Promise<number> {
    let copies = 0;
    const handle = await fs.promises.opendir(dir);
    let batch: string[] = [];
    // Batches being read (by the pool: several at once keep both workers busy), merged in order.
    const inFlight: { files: string[]; reading: ReturnType<Reader['readProgramFiles']> }[] = [];
    const mergeOldest = async () => {
      const { files, reading } = inFlight.shift()!;
      for (const [k, r] of (await reading).entries()) {
        this.mergeProgram(files[k], r.obj, r);
        copies++;
        this.filesRead++;
      }
      this.onFileRead?.(this.filesRead);
    };
    const flush = async () => {
      if (!batch.length) return;
      const files = batch;
      batch = [];
      const reading = this.readProgramFiles(files, this.dropped);
      reading.catch(() => {}); // awaited by mergeOldest, in order
      inFlight.push({ files, reading });
      if (inFlight.length > BATCHES_IN_FLIGHT) await mergeOldest();
    };
    for await (const entry of handle) {
      if (!entry.isFile() || !entry.name.endsWith('.json')) {
        this.skippedFiles++;
        continue;
      }
      batch.push(path.join(dir, entry.name));
      if (batch.length >= (this.pool ? POOL_READ_AHEAD : READ_AHEAD)) await flush();
    }
    await flush();
    while (inFlight.length) await mergeOldest();
    return copies;
  }

  private mergeProgram(file: string, obj: Json, held: { hasCode: boolean; hasPrompts: boolean }) {
    const id = copyId(file, obj, this.rel(file));
    this.programCopies++;
    if (this.stream) {
      // What the light record cannot tell, its fields dropped as the file was read.
      if (held.hasCode) this.hasCode.add(id);
      if (held.hasPrompts) this.withPrompts.add(id);
      const files = this.copies.get(id);
      if (files) files.push(file);
      else this.copies.set(id, [file]);
    }
    if (!this.programs.has(id)) this.firstFile.set(id, this.rel(file));
    if (mergeCopy(this.programs, id, obj, this.dropped)) this.copiesGoingBack++;
  }
}

/** The id of one program copy (OpenEvolve names files <id>.json), set on the object. */
export function copyId(file: string, obj: Json, rel: string): string {
  const id = obj.id ?? path.basename(file).slice(0, -'.json'.length);
  if (typeof id !== 'string' || !id) throw new ImportError('program "id" is not a non-empty string', rel);
  obj.id = id;
  return id;
}

/**
 * Merges one copy into the program of its id; true when the copy's iteration_found is lower than
 * an earlier copy's. Copies arrive in time order (checkpoints ascending, then db/): the first
 * iteration a program was found at is the earliest one, even when a resumed run re-saved it later.
 */
export function mergeCopy(programs: Map<string, Json>, id: string, obj: Json, dropped: ReadonlySet<string>): boolean {
  const known = programs.get(id);
  if (!known) {
    const fresh: Json = {};
    mergeFields(fresh, obj, dropped);
    programs.set(id, fresh);
    return false;
  }
  const before = intOf(known.iteration_found);
  const now = intOf(obj.iteration_found);
  mergeFields(known, obj, dropped);
  if (before == null || now == null) return false;
  known.iteration_found = Math.min(before, now);
  return now < before;
}

const DROPPED = new Set(['embedding']);
/** Also dropped when the run is only analysed (ReadOptions.forAnalysis): what the analyses never
 *  read and what makes program files large (EvoTrace-converted runs repeat the source as
 *  `solution`). Dropped at merge time, so these strings die young and never reach the old heap. */
const DROPPED_FOR_ANALYSIS = new Set([...DROPPED, 'solution', 'prompts', 'artifacts_json']);
/** Dropped from the light records of a streamed import: what makes program files large. */
const DROPPED_WHEN_STREAMED = new Set([...DROPPED_FOR_ANALYSIS, 'code']);

/** The newest metadata.json, trimmed of per-program feature value lists that grow with the run. */
function runMeta(meta: Json | null) {
  if (!meta) return {};
  const out: Json = { ...meta };
  if (isObject(meta.feature_stats)) {
    out.feature_stats = Object.fromEntries(
      Object.entries(meta.feature_stats).map(([k, v]) => [k, isObject(v) ? { min: v.min, max: v.max } : v]),
    );
  }
  return out;
}

/**
 * Checkpoint numbers missing from the run's checkpoint grid. The grid step is the config's
 * checkpoint_interval, else the gcd of the numbers (the last one left out: OpenEvolve also
 * saves a final checkpoint off the grid).
 */
export function missingCheckpoints(numbers: number[], interval?: number | null): number[] {
  const ns = [...new Set(numbers)].filter((n) => n > 0).sort((a, b) => a - b);
  if (ns.length < 2) return [];
  const gcd = (a: number, b: number): number => (b ? gcd(b, a % b) : a);
  const onGrid = ns.length > 2 ? ns.slice(0, -1) : ns;
  const step = interval && interval > 0 ? interval : onGrid.reduce(gcd);
  const have = new Set(ns);
  const out: number[] = [];
  const last = Math.floor(ns[ns.length - 1] / step) * step;
  for (let n = Math.ceil(ns[0] / step) * step; n <= last && out.length < 10_000; n += step) if (!have.has(n)) out.push(n);
  return out;
}

/** Program id -> feature-map key, from one metadata.json (early `feature_map`, late `island_feature_maps`). */
function featureKeys(meta: Json, into: Map<string, string>) {
  const maps = [meta.feature_map, ...(Array.isArray(meta.island_feature_maps) ? meta.island_feature_maps : [])];
  for (const m of maps) {
    if (!isObject(m)) continue;
    for (const [key, id] of Object.entries(m)) if (typeof id === 'string') into.set(id, key);
  }
}

/** Non-migrant children with a lower iteration than their parent: a restarted iteration counter. */
function childrenBeforeParents(programs: ProgramRecord[]): number {
  const iterationOf = new Map(programs.map((p) => [p.externalId, p.iteration]));
  return programs.filter((p) => {
    if (p.isMigrant || p.iteration == null) return false;
    const parent = p.parents?.[0] ? iterationOf.get(p.parents[0].externalId) : null;
    return parent != null && p.iteration < parent;
  }).length;
}

function readConfig(layout: Layout, warnings: ImportWarning[]): Json | null {
  for (const dir of [layout.root, layout.base]) {
    for (const name of ['config.yaml', 'config.yml']) {
      const file = path.join(dir, name);
      if (!isFile(file)) continue;
      try {
        const parsed: unknown = parseYamlBounded(fs.readFileSync(file, 'utf8'));
        if (isObject(parsed)) return parsed;
      } catch (e) {
        warnings.push({ code: 'config-unreadable', message: `config not read: ${(e as Error).message}`, file: name });
      }
    }
  }
  return null;
}

export async function readOpenEvolveRun(p: string, opts: ReadOptions = {}): Promise<ImportedRun> {
  const layout = locateOpenEvolve(p);
  if (!layout) throw new ImportError(`not an OpenEvolve output directory (no checkpoints/checkpoint_N or db/programs): ${p}`);
  // Only in or beside what was given: never the parent of an openevolve_output/ given on its own.
  const agentDirs = [layout.root, ...(layout.root !== layout.base ? [layout.base] : [])];
  // The eval agent matches its candidates by code, so a run that has one is read whole.
  const stream = !!opts.streamPrograms && !opts.forAnalysis && !(await findEvalAgentDir(agentDirs));
  const dropped = stream ? DROPPED_WHEN_STREAMED : opts.forAnalysis ? DROPPED_FOR_ANALYSIS : DROPPED;
  const reader = new Reader(layout.base, opts.onFileRead, dropped, stream);
  const warnings: ImportWarning[] = [];
  const islandOf = new Map<string, number>();
  const featureKeyOf = new Map<string, string>();
  let newestMeta: Json | null = null;
  let checkpointsGoingBack = 0;
  let lastIteration: number | null = null;
  const state = new OpenEvolveStateCollector();

  for (const cp of layout.checkpoints) {
    const metaFile = path.join(cp.dir, 'metadata.json');
    if (isFile(metaFile)) {
      newestMeta = await reader.readObject(metaFile);
      state.add(cp.n, newestMeta);
      // Early-2025 schema: island membership only here, as lists of ids. Newer lists win.
      if (Array.isArray(newestMeta.islands)) {
        newestMeta.islands.forEach((ids, i) => Array.isArray(ids) && ids.forEach((id) => typeof id === 'string' && islandOf.set(id, i)));
      }
      featureKeys(newestMeta, featureKeyOf);
      const last = intOf(newestMeta.last_iteration);
      if (last != null) {
        if (lastIteration != null && last < lastIteration) checkpointsGoingBack++;
        lastIteration = last;
      }
    }
    if (isDir(path.join(cp.dir, 'programs'))) await reader.readPrograms(path.join(cp.dir, 'programs'));
  }
  const dbDir = path.join(layout.root, 'db', 'programs');
  const dbCopies = isDir(dbDir) ? await reader.readPrograms(dbDir) : 0;
  if (!reader.programs.size) throw new ImportError('no program files found', reader.rel(layout.root));

  const bestInfoFile = path.join(layout.root, 'best', 'best_program_info.json');
  const bestProgramInfo = isFile(bestInfoFile) ? await reader.readObject(bestInfoFile) : null;
  const logsDir = path.join(layout.root, 'logs');
  const logs = isDir(logsDir)
    ? fs.readdirSync(logsDir).map((f) => ({ file: f, bytes: fs.statSync(path.join(logsDir, f)).size }))
    : [];

  const scoreMetric = choosePrimaryMetric([...reader.programs.values()].map((r) => (isObject(r.metrics) ? r.metrics : {})));
  const contextOf = (id: string) => ({ scoreMetric, islandOf, featureKeyOf, file: reader.firstFile.get(id)! });
  const programs = [...reader.programs.values()].map((raw) => {
    const id = raw.id as string;
    // A light record: its code is read again by loadPrograms; whether one exists is known now.
    if (stream && reader.hasCode.has(id)) raw.code = '';
    return toProgramRecord(raw, contextOf(id));
  });
  // The merged copies are records now; loadPrograms merges its own from the files.
  reader.programs.clear();
  // evolution_trace.* beside checkpoints/: prompts, responses and iteration times for the same
  // programs, and the children no checkpoint kept (openevolveTrace.ts).
  const trace = await readTraceBeside(agentDirs, (abs) => reader.rel(abs), warnings);
  const traceOnly = trace ? applyTrace(programs, trace, stream || !!opts.forAnalysis) : [];
  if (trace && opts.forAnalysis) for (const pr of traceOnly) pr.contexts = [];
  if (trace) warnings.push(...traceWarnings(trace.t, trace.file, false).filter((w) => w.code !== 'origin-unknown'));
  if (traceOnly.length) {
    const noCode = traceOnly.filter((pr) => pr.code === '').length;
    warnings.push({
      code: 'trace-only-programs',
      message: `${traceOnly.length} programs are only in ${trace!.file} (no checkpoint kept them): imported from the trace${noCode ? `; ${noCode} of them without code (the trace was written without include_code)` : ''}`,
      file: trace!.file,
      count: traceOnly.length,
    });
  }
  const children = programs.filter((pr) => pr.parents?.length && !pr.isMigrant);
  // Streamed light records carry no prompts: the template is known wherever prompts were logged.
  const withOperator = stream ? children.filter((pr) => reader.withPrompts.has(pr.externalId) || pr.origin?.operator).length : children.filter((pr) => pr.origin?.operator).length;
  const noModel = children.filter((pr) => !pr.origin?.model).length;
  if (children.length && (noModel || withOperator < children.length)) {
    warnings.push({
      code: 'origin-partial',
      message: `${noModel ? `no LLM model, tokens or cost recorded for ${noModel} of ${children.length} child programs (OpenEvolve does not store them per program); ` : ''}the operator (the prompt template, e.g. diff_user / full_rewrite_user) is known for ${withOperator} of ${children.length} (only where prompts were logged)`,
      count: Math.max(noModel, children.length - withOperator),
    });
  }

  const ids = new Set(programs.map((pr) => pr.externalId));
  const ghosts = programs.filter((pr) => pr.parents?.some((pa) => !ids.has(pa.externalId))).length;
  if (ghosts) {
    warnings.push({ code: 'lineage-unknown', message: `lineage unknown for ${ghosts} programs: their parent is not in the archive`, count: ghosts });
  }
  const noIsland = programs.filter((pr) => pr.island == null).length;
  if (noIsland && noIsland < programs.length) {
    warnings.push({ code: 'island-unknown', message: `island unknown for ${noIsland} programs`, count: noIsland });
  }
  const childFirst = childrenBeforeParents(programs);
  const backwards = [
    reader.copiesGoingBack && `${reader.copiesGoingBack} program copies carry an earlier iteration_found than a previous copy`,
    checkpointsGoingBack && `${checkpointsGoingBack} checkpoints have a lower last_iteration than the one before`,
    childFirst && `${childFirst} programs have a lower iteration than their parent`,
  ].filter(Boolean);
  if (backwards.length) {
    const count = reader.copiesGoingBack + checkpointsGoingBack + childFirst;
    warnings.push({
      code: 'iterations-backwards',
      message: `iterations go backwards (${backwards.join('; ')}): the run looks resumed with a restarted iteration counter; each program keeps the earliest iteration it was found at`,
      count,
    });
  }
  if (reader.skippedFiles) {
    warnings.push({ code: 'files-skipped', message: `${reader.skippedFiles} non-JSON entries in programs/ directories ignored`, count: reader.skippedFiles });
  }

  const langs = new Map<string, number>();
  for (const pr of programs) if (pr.language) langs.set(pr.language, (langs.get(pr.language) ?? 0) + 1);
  const language = [...langs].sort((a, b) => b[1] - a[1])[0]?.[0] ?? null;
  const folder = path.basename(path.basename(layout.root) === OUTPUT_DIR ? path.dirname(layout.root) : layout.root);
  const config = readConfig(layout, warnings);
  const interval = config && typeof config.checkpoint_interval === 'number' ? config.checkpoint_interval : null;
  const gaps = missingCheckpoints(layout.checkpoints.map((c) => c.n), interval);

  const imported: ImportedRun = {
    run: {
      name: opts.name ?? folder,
      framework: 'openevolve',
      task: folder,
      language,
      scoreMetric,
      higherIsBetter: true, // OpenEvolve always maximises its fitness
      config: config ?? undefined,
      modelConfig: config && isObject(config.llm) ? config.llm : undefined,
      budget: config && typeof config.max_iterations === 'number' ? { maxIterations: config.max_iterations } : undefined,
      meta: {
        ...runMeta(newestMeta),
        bestProgramInfo,
        checkpoints: layout.checkpoints.map((c) => c.n),
        ...(gaps.length ? { missingCheckpoints: gaps } : {}),
        ...(logs.length ? { logs } : {}),
      },
      sourceKind: 'directory',
      sourcePath: layout.base,
    },
    programs,
    warnings,
    searchState: checkedSearchState(state.build(programs, config), warnings),
    stats: {
      filesRead: reader.filesRead,
      checkpointsMerged: layout.checkpoints.length,
      checkpointsMissing: gaps.length,
      iterationsBackwards: reader.copiesGoingBack + checkpointsGoingBack + childFirst,
      programCopies: reader.programCopies,
      dbProgramFiles: dbCopies,
      programs: programs.length,
      programsWithPrompts: stream ? reader.withPrompts.size : programs.filter((pr) => pr.contexts?.length).length,
      invalidPrograms: programs.filter((pr) => !pr.valid).length,
      migrants: programs.filter((pr) => pr.isMigrant).length,
      logFiles: logs.length,
    },
  };
  // The eval agent's folder inside the output directory, or beside it (run/openevolve_output +
  // run/eval_agent_memory, as the demo writes it).
  await attachEvalAgent(imported, agentDirs, (abs) => reader.rel(abs));
  if (stream) {
    const load = (ids: readonly string[]) => loadFullPrograms(reader, ids, contextOf);
    imported.loadPrograms = trace ? loadWithTrace(load, trace, traceOnly) : load;
  }
  if (trace) {
    imported.run.meta = { ...(imported.run.meta as Json), evolutionTrace: { file: trace.file, format: trace.format, records: trace.records } };
    Object.assign(imported.stats, {
      traceRecords: trace.records,
      traceEnriched: trace.t.children.size - traceOnly.filter((pr) => trace.t.children.has(pr.externalId)).length,
      traceOnlyPrograms: traceOnly.length,
    });
  }
  return imported;
}

/**
 * The full records of `ids`, their copies read again and merged exactly as the first pass did
 * (minus the streamed-only drops). Files are read concurrently, merged in copy order.
 */
async function loadFullPrograms(reader: Reader, ids: readonly string[], contextOf: (id: string) => ProgramContext): Promise<ProgramRecord[]> {
  const files = ids.map((id) => reader.copies.get(id) ?? []);
  const flat = await reader.readProgramFiles(files.flat(), DROPPED);
  const merged = new Map<string, Json>();
  let at = 0;
  return ids.map((id, k) => {
    for (const file of files[k]) {
      const obj = flat[at++].obj;
      const got = copyId(file, obj, reader.rel(file));
      // The file changed since the first pass: say so rather than store another program's data.
      if (got !== id) throw new ImportError(`program file changed during the import (it now holds program ${got}, not ${id})`, reader.rel(file));
      // One copy (most programs): it is the merged record as it is (dropped fields never read).
      if (files[k].length === 1) merged.set(id, obj);
      else mergeCopy(merged, id, obj, DROPPED);
    }
    const raw = merged.get(id);
    if (!raw) throw new ImportError(`program ${id} has no file left to read`, reader.firstFile.get(id));
    merged.delete(id);
    return toProgramRecord(raw, contextOf(id));
  });
}

export const openevolveFormat: ImporterFormat = {
  format: 'openevolve',
  description: FORMAT_DESCRIPTIONS.openevolve,
  detect: async (p) => locateOpenEvolve(p) != null,
  read: async (p, opts) => [await readOpenEvolveRun(p, opts)],
};

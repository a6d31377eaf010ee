// ShinkaEvolve results directories -> one ImportedRun each (framework 'shinkaevolve').
//
//   results_<name>/
//     experiment_config.yaml        {evolution_config, database_config, job_config, ...}; or a PyYAML
//                                   dump of the OmegaConf object ({_content, _metadata, _parent}
//                                   nodes, `_parent: *idN` back-references): read with the
//                                   back-references dropped and the nodes unwrapped (omegaConf.ts)
//     evolution_db.sqlite           optional (current runner: programs.sqlite, or database_config.db_path);
//                                   tables read in shinkaDb.ts (programs, archive, metadata_store,
//                                   attempt_log, generation_event_log, system_prompts + prompt_archive)
//     *.sqlite                      another file holding system_prompts: the prompt archive
//     meta_memory.json, meta_N.txt  the meta-LLM's memory and its summaries after N programs
//     meta/meta_N.txt               the same summaries where the current runner writes them
//     evolution_run.log, *.log      only listed (name, size), never parsed
//     best/                         a copy of the best gen_N/ (compared, not imported)
//     gen_N/
//       main.<ext>                  the evaluated program, any language (.py, .cpp, .cu, ...)
//       original.<ext>              the parent's code, as the LLM was shown it (absent in gen_0)
//       edit.diff                   unified diff original -> main
//       rewrite.txt | search_replace.txt   the LLM's answer (full rewrite, or SEARCH/REPLACE blocks)
//       results/metrics.json        {combined_score, public{}, private{}, text_feedback}
//       results/correct.json        {correct, error}
//       results/*.log, job_log.out/err   build and run output
//
// Field mapping (shinkaProgram.ts applies it to each program):
//   run.name = the results folder name (unless given); run.task = the same; run.config = the
//     whole experiment_config.yaml; run.language = evolution_config.language (else the code's
//     extension); run.budget = {numGenerations, maxApiCosts}; run.modelConfig = every
//     evolution_config key naming an llm or model; run.scoreMetric = combined_score (maximised);
//     run.meta = {memory: meta_memory.json, summaries: {'meta_8.txt' | 'meta/meta_8.txt': text, ...},
//     numIslands, database: {table, store: metadata_store}, best: {sameAs: id}, logs: [{file, bytes}],
//     attemptLog: [{id, generation, stage, status, details, createdAt}] (failed proposals stay
//     rows here: they made no program), generationEvents: [{id, generation, status, sourceJobId,
//     details, createdAt}], promptArchive: [system_prompts row + inArchive], configBackReferencesDropped}.
//   program: externalId = the database id, or "gen_N" without a database; iteration =
//     generation = N; code = the database code, else main.*; timestamp = the row's (seconds);
//     island = where it was created (migration_history[0].from, else island_idx; the current
//     island goes to metadata.finalIsland); score = combined_score; metrics = public metrics +
//     combined_score + correct; valid: no metrics.json and no correct.json -> never evaluated
//     (evaluated=false, valid=false, 'no evaluation results'); correct=false -> 'correct is false: <error>'; else the shared rules of
//     trace/validity.ts (missing, non-finite or sentinel score).
//   evaluation: status ok | failed | missing; publicMetrics = public; privateMetrics = private;
//     feedback = text_feedback; output = run logs; errors = correct.json's error + build and
//     *err logs (each log cut to 64 KiB with a note); timingMs = metadata.compute_time.
//   contexts: one per answer file, kind 'rewrite' | 'search_replace' (response = the file);
//     with only edit.diff, kind 'diff'; system/user/model/tokens/cost from the row's llm_result
//     (msg, system_msg, model_name, input_tokens, output_tokens, cost; thought, thinking_tokens
//     and new_msg_history -> extra.thought / thinkingTokens / messages).
//   origin (shinkaProgram.ts shinkaOrigin): operator = patch_type, model = model_name (else
//     llm_result.model_name), tokens = llm_result input/output_tokens, cost = api_costs (else
//     llm_result.cost). metadata also gets codeDiff (code_diff), embeddingPca2d/3d,
//     embeddingClusterId, embedCost, noveltyCost, metaCost, noveltyExplanation, maxSimilarity,
//     systemPromptId; the rest of the row's metadata goes to metadata.shinka.
//   Warnings for what the source lacks: no-database (and origin-unknown), origin-partial (rows
//     without model / patch type / tokens / cost), no-attempt-log (an older runner),
//     failed-proposals (attempt_log rows that failed or were rejected).
//   parents, with the database: parent_id (operator = patch_type: diff, full, crossover, fix);
//     a crossover also gets its partner when the row lists exactly one inspiration; island
//     copies (metadata._is_island_copy) get the copied program with operator 'migration' and
//     isMigrant. Without it: by content (shinkaLineage.ts), operator 'mutation'; unmatched
//     parents stay unknown (no edge, a warning, original.* kept in metadata.lineage).
//   searchState (database config, final islands, migrations, costs over time): shinkaState.ts.
import fs from 'node:fs/promises';
import path from 'node:path';
import { parseYamlBounded } from '../files/parseYaml';
import { isInputError } from '../files/errors';
import { readJsonObject } from '../files/readJson';
import { ImportError, type ImportedRun, type ImportWarning, type ProgramOrigin, type ProgramRecord } from '../trace/schema';
import type { ImporterFormat, ReadOptions } from './format';
import { parsePythonJson } from './pythonJson';
import { readShinkaDb, readShinkaPromptDb, type ShinkaDb, type ShinkaLogRow, type ShinkaPrompt } from './shinkaDb';
import { unwrapOmegaConf } from './omegaConf';
import { isFile, listDir, normaliseEol, readTextStrict } from './shinkaFiles';
import { GEN_DIR, readGenFolder, type GenFolder } from './shinkaFolder';
import { SCORE_METRIC, toShinkaProgram } from './shinkaProgram';
import { listNames, sourcesFromDatabase, sourcesFromFolders } from './shinkaSources';
import { FORMAT_DESCRIPTIONS } from './formatList';
import { checkedSearchState } from './searchStateCheck';
import { shinkaState } from './shinkaState';
import { attachEvalAgent } from './evalAgent';

type Json = Record<string, unknown>;

const LANG_EXT: Record<string, string> = {
  python: 'py', cuda: 'cu', cpp: 'cpp', c: 'c', rust: 'rs', swift: 'swift', javascript: 'js',
  typescript: 'ts', julia: 'jl', go: 'go', java: 'java', verilog: 'v',
};
const EXT_LANG = Object.fromEntries(Object.entries(LANG_EXT).map(([l, e]) => [e, l]));
const DB_NAMES = ['evolution_db.sqlite', 'programs.sqlite'];
const META_TXT = /^meta_(\d+)\.txt$/;
const MAX_META_TXT_BYTES = 4 * 1024 ** 2;

const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const str = (v: unknown) => (typeof v === 'string' && v !== '' ? v : null);
const int = (v: unknown) => (typeof v === 'number' && Number.isInteger(v) ? v : null);

export interface ShinkaReadOptions extends ReadOptions {
  /** Largest evolution_db.sqlite read into memory (default 1 GiB). */
  maxDbBytes?: number;
}

/** A gen_N/ folder holding main.* or results/ marks a results directory. */
async function isResultsDir(dir: string): Promise<boolean> {
  for (const e of await listDir(dir)) {
    if (!e.isDir || !GEN_DIR.test(e.name)) continue;
    const inner = await listDir(path.join(dir, e.name));
    if (inner.some((f) => (f.isDir && f.name === 'results') || (f.isFile && /^main\.[^.]+$/.test(f.name)))) return true;
  }
  return false;
}

/** The results directory at `p`, or those directly under it; null when there is none. */
export async function locateShinka(p: string): Promise<{ base: string; roots: string[] } | null> {
  const base = path.resolve(p);
  if (await isResultsDir(base)) return { base, roots: [base] };
  const roots: string[] = [];
  for (const e of (await listDir(base)).filter((d) => d.isDir).sort((a, b) => (a.name < b.name ? -1 : 1))) {
    if (await isResultsDir(path.join(base, e.name))) roots.push(path.join(base, e.name));
  }
  return roots.length ? { base, roots } : null;
}

class Reader {
  filesRead = 0;
  constructor(
    readonly base: string,
    private readonly onFileRead?: (n: number) => void,
  ) {}
  rel = (abs: string) => path.relative(this.base, abs).split(path.sep).join('/') || path.basename(abs);
  tick = () => {
    this.filesRead++;
    this.onFileRead?.(this.filesRead);
  };
}

async function readConfig(root: string, r: Reader, warnings: ImportWarning[]): Promise<{ config: Json | null; backReferences: number }> {
  const file = path.join(root, 'experiment_config.yaml');
  if (!(await isFile(file))) return { config: null, backReferences: 0 };
  const text = await readTextStrict(file, r.rel(file));
  r.tick();
  try {
    // An OmegaConf object dumped by PyYAML: `_parent` aliases point back at their container.
    const dropped: string[] = [];
    const parsed = unwrapOmegaConf(parseYamlBounded(text, undefined, { dropBackReferences: true, dropped }));
    if (isObject(parsed)) return { config: parsed, backReferences: dropped.length };
    warnings.push({ code: 'config-unreadable', message: 'config not read: not a mapping', file: r.rel(file) });
  } catch (e) {
    warnings.push({ code: 'config-unreadable', message: `config not read: ${(e as Error).message}`, file: r.rel(file) });
  }
  return { config: null, backReferences: 0 };
}

async function findDb(root: string, dbConfig: Json): Promise<string | null> {
  const configured = str(dbConfig.db_path);
  const names = [...(configured ? [path.basename(configured)] : []), ...DB_NAMES];
  for (const n of names) if (await isFile(path.join(root, n))) return path.join(root, n);
  return null;
}

/** meta_memory.json, meta_N.txt and meta/meta_N.txt (numeric order) and the top-level logs' names and sizes. */
async function readRunMeta(root: string, r: Reader) {
  const entries = (await listDir(root)).filter((e) => e.isFile);
  const metaDir = path.join(root, 'meta');
  const inMetaDir = (await listDir(metaDir)).filter((e) => e.isFile && META_TXT.test(e.name));
  const memoryFile = path.join(root, 'meta_memory.json');
  let memory: Json | null = null;
  if (entries.some((e) => e.name === 'meta_memory.json')) {
    memory = await readJsonObject(memoryFile, r.rel(memoryFile), { parse: parsePythonJson });
    r.tick();
  }
  const summaries: Record<string, string> = {};
  const metaTxt = entries.filter((e) => META_TXT.test(e.name)).map((e) => e.name);
  const metaFiles = [...metaTxt.map((n) => path.join(root, n)), ...inMetaDir.map((e) => path.join(metaDir, e.name))];
  metaFiles.sort((a, b) => Number(META_TXT.exec(path.basename(a))![1]) - Number(META_TXT.exec(path.basename(b))![1]));
  for (const file of metaFiles) {
    summaries[path.relative(root, file).split(path.sep).join('/')] = await readTextStrict(file, r.rel(file), MAX_META_TXT_BYTES);
    r.tick();
  }
  const logs = [];
  for (const e of entries.filter((f) => f.name.endsWith('.log'))) {
    logs.push({ file: r.rel(path.join(root, e.name)), bytes: (await fs.stat(path.join(root, e.name))).size });
  }
  return { memory, summaries, logs };
}

/** Which program best/ is a copy of, by its main.* text. */
async function bestCopyOf(root: string, r: Reader, programs: { externalId: string; code: string }[], ext: string | null) {
  const dir = path.join(root, 'best');
  const files = (await listDir(dir)).filter((e) => e.isFile && /^main\.[^.]+$/.test(e.name)).map((e) => e.name);
  const name = files.find((f) => f.endsWith(`.${ext}`)) ?? files[0];
  if (!name) return null;
  const code = normaliseEol(await readTextStrict(path.join(dir, name), r.rel(path.join(dir, name))));
  r.tick();
  const same = programs.filter((p) => normaliseEol(p.code) === code).map((p) => p.externalId);
  return { file: r.rel(path.join(dir, name)), sameAs: same.at(-1) ?? null };
}

async function readShinkaRun(base: string, root: string, opts: ShinkaReadOptions): Promise<ImportedRun> {
  const r = new Reader(base, opts.onFileRead);
  const warnings: ImportWarning[] = [];
  const { config, backReferences } = await readConfig(root, r, warnings);
  const evo = isObject(config?.evolution_config) ? config.evolution_config : {};
  const dbConfig = isObject(config?.database_config) ? config.database_config : {};
  let language = str(evo.language);
  const ext = language ? (LANG_EXT[language] ?? null) : null;

  const genDirs = (await listDir(root))
    .flatMap((e) => (e.isDir && GEN_DIR.test(e.name) ? [{ n: Number(GEN_DIR.exec(e.name)![1]), name: e.name }] : []))
    .sort((a, b) => a.n - b.n);
  const folders: GenFolder[] = [];
  for (const g of genDirs) folders.push(await readGenFolder(path.join(root, g.name), r.rel(path.join(root, g.name)), g.n, ext, r.tick));
  if (!folders.length) throw new ImportError('no gen_N folders: not a ShinkaEvolve results directory', r.rel(root));
  if (!language) {
    const codeExt = folders.find((f) => f.codeFile)?.codeFile?.split('.').pop();
    language = (codeExt && EXT_LANG[codeExt]) || null;
  }

  const dbFile = await findDb(root, dbConfig);
  let db: ShinkaDb | null = null;
  const fallback = 'lineage rebuilt from original.* / main.* contents; islands, timestamps and inspirations unknown';
  if (dbFile) {
    const load = await readShinkaDb(dbFile, r.rel(dbFile), opts.maxDbBytes);
    r.tick();
    if (load.kind === 'ok') db = load.db;
    else warnings.push({ code: 'database-unusable', message: `${load.reason}: ${fallback}`, file: r.rel(dbFile) });
    const wal = await fs.stat(`${dbFile}-wal`).catch(() => null);
    if (db && wal?.isFile() && wal.size > 0) {
      warnings.push({
        code: 'database-wal-ignored',
        message: `${r.rel(dbFile)}-wal (${wal.size} bytes) was not merged: rows written after the last checkpoint are missing from the database; their folders are imported from files`,
        file: `${r.rel(dbFile)}-wal`,
      });
    }
  } else {
    warnings.push({ code: 'no-database', message: `no evolution_db.sqlite or programs.sqlite: ${fallback}` });
  }
  if (db && !db.programs.length) throw new ImportError(`the database has no programs (table ${db.table})`, r.rel(dbFile!));

  const sources = db ? sourcesFromDatabase(db, folders, language, warnings) : sourcesFromFolders(folders, language, warnings);
  const programs = sources.map(toShinkaProgram);

  const generations = [...new Set(programs.map((p) => p.generation as number))].sort((a, b) => a - b);
  const numGenerations = int(evo.num_generations);
  if (numGenerations != null && generations.length < numGenerations) {
    warnings.push({
      code: 'run-truncated',
      message: `${generations.length} of ${numGenerations} generations present (num_generations: ${numGenerations}): the run stopped early or was cut`,
      count: numGenerations - generations.length,
    });
  }
  const last = generations.at(-1) ?? 0;
  const missing = Array.from({ length: last + 1 }, (_, i) => i).filter((i) => !generations.includes(i));
  if (missing.length) {
    warnings.push({ code: 'generation-gaps', message: `no program for ${missing.length} generations (${listNames(missing.map((n) => `gen_${n}`))})`, count: missing.length });
  }
  const noCode = programs.filter((p) => p.code === '').length;
  if (noCode) warnings.push({ code: 'no-code', message: `${noCode} programs have no code (no main.* and no database row)`, count: noCode });

  const runMeta = await readRunMeta(root, r);
  const best = await bestCopyOf(root, r, programs, ext);
  const promptArchive = db?.prompts ?? (await readPromptArchive(root, dbFile, r, opts.maxDbBytes));
  warnLogs(db, warnings);
  warnOrigins(db, programs, warnings);
  const folder = path.basename(root);
  const modelConfig = Object.fromEntries(Object.entries(evo).filter(([k, v]) => /llm|model/.test(k) && v != null));
  const budget = Object.fromEntries(
    Object.entries({ numGenerations, maxApiCosts: evo.max_api_costs }).filter(([, v]) => typeof v === 'number'),
  );
  const parentEdges = programs.reduce((n, p) => n + (p.parents?.length ?? 0), 0);

  const imported: ImportedRun = {
    run: {
      name: opts.name ?? folder,
      framework: 'shinkaevolve',
      task: folder,
      language,
      scoreMetric: SCORE_METRIC,
      higherIsBetter: true, // Shinka ranks by combined_score, highest first
      config: config ?? undefined,
      modelConfig: Object.keys(modelConfig).length ? modelConfig : undefined,
      budget: Object.keys(budget).length ? budget : undefined,
      meta: {
        ...(runMeta.memory ? { memory: runMeta.memory } : {}),
        summaries: runMeta.summaries,
        numIslands: int(dbConfig.num_islands),
        ...(db ? { database: { table: db.table, store: db.store } } : {}),
        ...(best ? { best } : {}),
        ...(runMeta.logs.length ? { logs: runMeta.logs } : {}),
        ...(db?.attemptLog ? { attemptLog: db.attemptLog } : {}),
        ...(db?.generationEvents ? { generationEvents: db.generationEvents } : {}),
        ...(promptArchive ? { promptArchive } : {}),
        ...(backReferences ? { configBackReferencesDropped: backReferences } : {}),
      },
      sourceKind: 'directory',
      sourcePath: root,
    },
    programs,
    warnings,
    searchState: checkedSearchState(shinkaState(db, dbConfig, programs), warnings),
    stats: {
      filesRead: r.filesRead,
      generationFolders: folders.length,
      databasePrograms: db?.programs.length ?? 0,
      programs: programs.length,
      invalidPrograms: programs.filter((p) => !p.valid).length,
      programsWithContexts: programs.filter((p) => p.contexts?.length).length,
      parentEdges,
      metaSummaries: Object.keys(runMeta.summaries).length,
      attempts: db?.attemptLog?.length ?? 0,
      failedAttempts: db?.attemptLog?.filter(isFailedAttempt).length ?? 0,
      generationEvents: db?.generationEvents?.length ?? 0,
      archivedPrompts: promptArchive?.length ?? 0,
      programsWithOrigin: programs.filter((p) => p.origin).length,
      logFiles: folders.reduce((n, f) => n + f.logs.length, 0),
    },
  };
  await attachEvalAgent(imported, [root], r.rel, { genRoot: root });
  return imported;
}

/** An attempt_log row for a proposal that produced no program (status failed / rejected / error). */
const isFailedAttempt = (a: ShinkaLogRow) => /fail|reject|error|invalid|abort|timeout/i.test(a.status ?? '');

/**
 * The prompt archive of meta-prompt evolution when it sits in its own SQLite file beside the
 * program database (any other top-level *.sqlite holding a system_prompts table).
 */
async function readPromptArchive(root: string, dbFile: string | null, r: Reader, maxBytes?: number): Promise<ShinkaPrompt[] | null> {
  for (const e of await listDir(root)) {
    const abs = path.join(root, e.name);
    if (!e.isFile || !e.name.endsWith('.sqlite') || abs === dbFile) continue;
    const prompts = await readShinkaPromptDb(abs, r.rel(abs), maxBytes);
    r.tick();
    if (prompts) return prompts;
  }
  return null;
}

/** What the database's logs say is missing: failed proposals (no program), or no log at all. */
function warnLogs(db: ShinkaDb | null, warnings: ImportWarning[]) {
  if (!db) return;
  if (!db.attemptLog) {
    warnings.push({ code: 'no-attempt-log', message: 'the database has no attempt_log table (a runner before it existed): failed proposals were not recorded, only programs that were evaluated' });
    return;
  }
  const failed = db.attemptLog.filter(isFailedAttempt);
  if (failed.length) {
    const by = new Map<string, number>();
    for (const a of failed) by.set(`${a.stage ?? '?'}/${a.status}`, (by.get(`${a.stage ?? '?'}/${a.status}`) ?? 0) + 1);
    warnings.push({
      code: 'failed-proposals',
      message: `${failed.length} proposal attempts failed (attempt_log: ${[...by].map(([k, n]) => `${n} ${k}`).join(', ')}): they made no program, so they have no code or score; kept as rows in the run's meta.attemptLog`,
      count: failed.length,
    });
  }
}

/** Programs whose row does not say who made them (model, operator, tokens, cost). */
function warnOrigins(db: ShinkaDb | null, programs: ProgramRecord[], warnings: ImportWarning[]) {
  if (!db) {
    warnings.push({ code: 'origin-unknown', message: 'no database: the model, patch type, tokens and cost of each program are not recorded in the folders' });
    return;
  }
  const children = programs.filter((p) => p.parents?.length);
  const lacking = (f: keyof ProgramOrigin) => children.filter((p) => p.origin?.[f] == null).length;
  const parts = ([['model', 'model'], ['operator', 'patch type'], ['promptTokens', 'tokens'], ['cost', 'cost']] as const)
    .map(([f, label]) => [label, lacking(f)] as const)
    .filter(([, n]) => n > 0);
  if (parts.length) {
    warnings.push({
      code: 'origin-partial',
      message: `the database rows do not record ${parts.map(([label, n]) => `the ${label} of ${n}`).join(', ')} of ${children.length} child programs (older runner or metadata keys absent)`,
      count: Math.max(...parts.map(([, n]) => n)),
    });
  }
}

/** lib/files reports InputError; importers report ImportError (what the CLI prints), same text. */
function asImportError(e: unknown): unknown {
  if (!isInputError(e)) return e;
  const err = new ImportError(e.detail, e.file, e.line);
  (err as Error & { cause?: unknown }).cause = e;
  return err;
}

export async function readShinkaRuns(p: string, opts: ShinkaReadOptions = {}): Promise<ImportedRun[]> {
  const found = await locateShinka(p);
  if (!found) throw new ImportError(`not a ShinkaEvolve results directory (no gen_N/ folder with main.* or results/): ${p}`);
  const runs: ImportedRun[] = [];
  try {
    for (const root of found.roots) runs.push(await readShinkaRun(found.base, root, opts));
  } catch (e) {
    throw asImportError(e);
  }
  return runs;
}

export const shinkaFormat: ImporterFormat = {
  format: 'shinkaevolve',
  description: FORMAT_DESCRIPTIONS.shinkaevolve,
  detect: async (p) => (await locateShinka(p)) != null,
  read: (p, opts) => readShinkaRuns(p, opts),
};

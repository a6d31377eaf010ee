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
// Locating the directories: shinkaLayout.ts; the run-level files: shinkaRunFiles.ts; the
// warnings from the database's logs and origins: shinkaWarnings.ts.
import fs from 'node:fs/promises';
import path from 'node:path';
import { isInputError } from '../files/errors';
import { ImportError, type ImportedRun, type ImportWarning } from '../trace/schema';
import { attachEvalAgent } from './evalAgent';
import type { ImporterFormat, ReadOptions } from './format';
import { FORMAT_DESCRIPTIONS } from './formatList';
import { checkedSearchState } from './searchStateCheck';
import { readShinkaDb, type ShinkaDb } from './shinkaDb';
import { listDir } from './shinkaFiles';
import { GEN_DIR, readGenFolder, type GenFolder } from './shinkaFolder';
import { findDb, locateShinka } from './shinkaLayout';
import { SCORE_METRIC, toShinkaProgram } from './shinkaProgram';
import { bestCopyOf, readConfig, Reader, readPromptArchive, readRunMeta } from './shinkaRunFiles';
import { listNames, sourcesFromDatabase, sourcesFromFolders } from './shinkaSources';
import { shinkaState } from './shinkaState';
import { isFailedAttempt, warnLogs, warnOrigins } from './shinkaWarnings';

type Json = Record<string, unknown>;

const LANG_EXT: Record<string, string> = {
  python: 'py', cuda: 'cu', cpp: 'cpp', c: 'c', rust: 'rs', swift: 'swift', javascript: 'js',
  typescript: 'ts', julia: 'jl', go: 'go', java: 'java', verilog: 'v',
};
const EXT_LANG = Object.fromEntries(Object.entries(LANG_EXT).map(([l, e]) => [e, l]));

const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const str = (v: unknown) => (typeof v === 'string' && v !== '' ? v : null);
const int = (v: unknown) => (typeof v === 'number' && Number.isInteger(v) ? v : null);

export interface ShinkaReadOptions extends ReadOptions {
  /** Largest evolution_db.sqlite read into memory (default 1 GiB). */
  maxDbBytes?: number;
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

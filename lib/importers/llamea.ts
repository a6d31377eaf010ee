// LLaMEA / BLADE experiment folders -> one ImportedRun per run folder.
//
//   <experiment>/
//     experimentlog.jsonl   one row per run: {method_name, problem_name, llm_name, method,
//                           problem, llm, solution, log_dir, seed}; may end with an empty line
//     progress.json         {start_time, end_time, current, total, runs[{method_name,
//                           problem_name, seed, budget, evaluations, start_time, end_time, log_dir}]}
//     run-<method>-<problem>-<seed>/
//       log.jsonl               one row per evaluated program (llameaRow.ts)
//       conversationlog.jsonl   {role, time, content, cost, tokens} (llameaConversation.ts)
//
// The path may be the experiment folder, one run folder, or a run's log.jsonl (the experiment
// files are then looked for one level up). A run folder's experimentlog.jsonl row and
// progress.json entry are found by log_dir's last path segment (log_dir may be absolute).
//
// Run mapping: folder name -> name; problem_name -> task; llm_name and the llm settings ->
// modelConfig; method and problem settings and seed -> config; method_name, seed, progress
// entry, the final solution (id, name, fitness and the program it is: by id, else by identical
// code, since BLADE's EoH re-ids it) and conversation totals -> meta; cost and tokens over
// time -> searchState counters (llameaState.ts). Fitness is AOCC, higher
// is better. Row order: log.jsonl order; when every row has the same generation (BLADE's EoH
// logs 0 everywhere) the iteration is the row position, with a warning.
import path from 'node:path';
import { ImportError, type ImportedRun, type ImportWarning, type ProgramRecord } from '../trace/schema';
import type { ImporterFormat, ReadOptions } from './format';
import { int, isDir, isFile, isObject, listDir, readHead, readJson, readLines, relName, str, type Json } from './inputFiles';
import { linkConversation, summarize, toEntry, type ConversationEntry, type ConversationLink } from './llameaConversation';
import { toLlameaProgram } from './llameaRow';
import { llameaState } from './llameaState';
import { FORMAT_DESCRIPTIONS } from './formatList';
import { checkedSearchState } from './searchStateCheck';

const LOG = 'log.jsonl';
const CONVERSATION = 'conversationlog.jsonl';
const EXPERIMENT = 'experimentlog.jsonl';
const PROGRESS = 'progress.json';

interface Layout {
  /** Error messages name files relative to this folder. */
  base: string;
  /** Folder of experimentlog.jsonl / progress.json (may hold neither). */
  experiment: string;
  runDirs: string[];
  /** One run folder was given, not the whole experiment. */
  single: boolean;
}

/** log.jsonl whose first row looks like LLaMEA's (a fitness and code). */
const isRunLog = (file: string) => isFile(file) && /"fitness"\s*:/.test(readHead(file, 64 * 1024));

export function locateLlamea(p: string): Layout | null {
  let abs = path.resolve(p);
  if (isFile(abs) && path.basename(abs) === LOG) abs = path.dirname(abs);
  if (!isDir(abs)) return null;
  if (isRunLog(path.join(abs, LOG))) {
    const parent = path.dirname(abs);
    const up = isFile(path.join(parent, EXPERIMENT)) || isFile(path.join(parent, PROGRESS));
    return { base: up ? parent : abs, experiment: up ? parent : abs, runDirs: [abs], single: true };
  }
  const runDirs = listDir(abs)
    .filter((d) => d.isDirectory() && isRunLog(path.join(abs, d.name, LOG)))
    .map((d) => path.join(abs, d.name));
  if (!runDirs.length && !isFile(path.join(abs, EXPERIMENT))) return null;
  return { base: abs, experiment: abs, runDirs, single: false };
}

const key = (logDir: unknown) => (typeof logDir === 'string' ? path.basename(logDir.replace(/[\\/]+$/, '')) : null);

class Reader {
  filesRead = 0;
  constructor(
    readonly base: string,
    private readonly onFileRead?: (n: number) => void,
  ) {}
  rel = (abs: string) => relName(this.base, abs);
  done() {
    this.filesRead++;
    this.onFileRead?.(this.filesRead);
  }
  async lines(abs: string): Promise<{ line: number; value: unknown }[]> {
    const out: { line: number; value: unknown }[] = [];
    for await (const l of readLines(abs, this.rel(abs))) out.push(l);
    this.done();
    return out;
  }
}

/** experimentlog.jsonl rows and progress.json runs, by log_dir's last segment. */
async function readExperiment(reader: Reader, dir: string) {
  const rows = new Map<string, Json>();
  const progress = new Map<string, Json>();
  let experiment: Json | null = null;
  const expFile = path.join(dir, EXPERIMENT);
  if (isFile(expFile)) {
    for (const { line, value } of await reader.lines(expFile)) {
      const k = isObject(value) ? key(value.log_dir) : null;
      if (!k) throw new ImportError('expected an object with a "log_dir"', reader.rel(expFile), line);
      rows.set(k, value as Json);
    }
  }
  const progFile = path.join(dir, PROGRESS);
  if (isFile(progFile)) {
    const v = await readJson(progFile, reader.rel(progFile));
    reader.done();
    if (isObject(v)) {
      const { runs, ...rest } = v;
      experiment = rest;
      if (Array.isArray(runs)) for (const r of runs) if (isObject(r) && key(r.log_dir)) progress.set(key(r.log_dir)!, r);
    }
  }
  return { rows, progress, experiment };
}

async function readConversation(reader: Reader, dir: string): Promise<ConversationEntry[] | null> {
  const file = path.join(dir, CONVERSATION);
  if (!isFile(file)) return null;
  const out: ConversationEntry[] = [];
  for (const { line, value } of await reader.lines(file)) {
    const e = toEntry(value, line);
    if (!e) throw new ImportError('expected an object with a string "role"', reader.rel(file), line);
    out.push(e);
  }
  return out;
}

function solutionOf(exp: Json | undefined, programs: ProgramRecord[]) {
  const s = exp && isObject(exp.solution) ? exp.solution : null;
  if (!s) return null;
  const byId = programs.find((p) => p.externalId === s.id);
  const byCode = byId ? null : programs.find((p) => typeof s.code === 'string' && p.code === s.code);
  return {
    id: str(s.id),
    name: str(s.name),
    fitness: s.fitness ?? null,
    programId: (byId ?? byCode)?.externalId ?? null,
    matchedBy: byId ? 'id' : byCode ? 'code' : null,
  };
}

async function readRun(reader: Reader, dir: string, exp: Json | undefined, progress: Json | undefined, opts: ReadOptions): Promise<ImportedRun> {
  const logFile = path.join(dir, LOG);
  const rel = reader.rel(logFile);
  const rows = (await reader.lines(logFile)).map(({ line, value }) => {
    if (!isObject(value)) throw new ImportError('expected a JSON object', rel, line);
    return { line, row: value };
  });
  const warnings: ImportWarning[] = [];
  const gens = rows.map(({ row }) => int(row.generation));
  const fromPosition = gens.some((g) => g == null) || (rows.length > 1 && gens.every((g) => g === gens[0]));
  if (fromPosition && rows.length) {
    const why = gens.some((g) => g == null) ? 'some rows have no generation' : `every row has generation ${gens[0]}`;
    warnings.push({ code: 'iteration-from-position', message: `${why}: iteration is the row's position in log.jsonl (0-based)`, file: rel, count: rows.length });
  }

  const entries = await readConversation(reader, dir);
  const link: ConversationLink | null = entries ? linkConversation(entries, rows.map(({ row }) => (typeof row.code === 'string' ? row.code : ''))) : null;
  const model = exp ? str(exp.llm_name) : null;
  const seen = new Map<string, number>();
  const programs = rows.map(({ line, row }, position) => {
    const p = toLlameaProgram(row, { file: rel, line, position, iterationFromPosition: fromPosition, turn: link?.turns?.[position] ?? null, model });
    const first = seen.get(p.externalId);
    if (first) throw new ImportError(`duplicate id ${JSON.stringify(p.externalId)} (first on line ${first})`, rel, line);
    seen.set(p.externalId, line);
    return p;
  });

  const ids = new Set(seen.keys());
  const withParents = programs.filter((p) => p.parents?.length);
  if (programs.length && !withParents.length) {
    warnings.push({ code: 'lineage-unknown', message: `lineage unknown for ${programs.length} programs: no row has parent_ids`, file: rel, count: programs.length });
  }
  const ghosts = withParents.filter((p) => p.parents!.some((pa) => !ids.has(pa.externalId))).length;
  if (ghosts) warnings.push({ code: 'lineage-unknown', message: `lineage unknown for ${ghosts} programs: their parent is not in log.jsonl`, file: rel, count: ghosts });
  const noOperator = withParents.filter((p) => p.parents!.some((pa) => pa.operator == null)).length;
  if (noOperator) {
    warnings.push({ code: 'operator-unknown', message: `operator not recorded for ${noOperator} programs with parents (operator null in log.jsonl)`, file: rel, count: noOperator });
  }
  const convRel = reader.rel(path.join(dir, CONVERSATION));
  if (link?.turns) {
    warnings.push({ code: 'timestamps-from-conversation', message: 'timestamps are the LLM response times in conversationlog.jsonl, written without a time zone and read as UTC', file: convRel });
    if (link.unverified) {
      warnings.push({ code: 'conversation-unverified', message: `${link.unverified} prompt/response turns attached by position whose response does not contain the program's code verbatim`, file: convRel, count: link.unverified });
    }
  } else {
    warnings.push({ code: 'timestamps-unknown', message: 'log.jsonl rows have no timestamps', file: rel, count: programs.length });
    if (link) warnings.push({ code: 'conversation-not-linked', message: `conversation turns not attached to programs: ${link.reason}`, file: convRel });
  }
  if (!exp) warnings.push({ code: 'experiment-unknown', message: `no ${EXPERIMENT} row for this run: method, problem and model unknown`, file: rel });
  const solution = solutionOf(exp, programs);
  if (solution?.matchedBy === 'code') {
    warnings.push({ code: 'solution-id-mismatch', message: `the final solution's id ${solution.id} is not in log.jsonl; program ${solution.programId} has its code`, file: EXPERIMENT });
  }

  const budget = int(progress?.budget) ?? (exp && isObject(exp.method) ? int(exp.method.budget) : null);
  return {
    run: {
      name: opts.name ?? path.basename(dir),
      framework: 'llamea',
      task: exp ? str(exp.problem_name) : null,
      language: 'python',
      modelConfig: exp ? { name: model, ...(isObject(exp.llm) ? exp.llm : {}) } : undefined,
      config: exp ? { method: exp.method ?? null, problem: exp.problem ?? null, seed: exp.seed ?? null } : undefined,
      budget: budget != null ? { evaluations: budget } : undefined,
      scoreMetric: 'fitness',
      higherIsBetter: true, // AOCC: "higher is better, 1.0 is the best"
      meta: {
        method: exp ? str(exp.method_name) : null,
        seed: exp?.seed ?? null,
        solution,
        progress: progress ?? null,
        ...(entries && link ? { conversation: summarize(entries, link) } : {}),
      },
      sourceKind: 'directory',
      sourcePath: dir,
    },
    programs,
    warnings,
    searchState: checkedSearchState(llameaState(entries, link, programs), warnings, convRel),
    stats: {
      rows: rows.length,
      programs: programs.length,
      edges: programs.reduce((s, p) => s + (p.parents?.length ?? 0), 0),
      invalidPrograms: programs.filter((p) => !p.valid).length,
      programsWithPrompts: programs.filter((p) => p.contexts?.length).length,
      conversationMessages: entries?.length ?? 0,
    },
  };
}

export async function readLlameaRuns(p: string, opts: ReadOptions = {}): Promise<ImportedRun[]> {
  const layout = locateLlamea(p);
  if (!layout) throw new ImportError(`not a LLaMEA / BLADE folder (no ${EXPERIMENT} and no run folder with ${LOG}): ${p}`);
  const reader = new Reader(layout.base, opts.onFileRead);
  const { rows, progress, experiment } = await readExperiment(reader, layout.experiment);
  if (!layout.runDirs.length) throw new ImportError(`${EXPERIMENT} lists ${rows.size} runs but no run folder with ${LOG} exists`, EXPERIMENT);
  // experimentlog.jsonl order first, then folders it does not list, by name.
  const order = [...rows.keys()];
  const rank = (d: string) => {
    const i = order.indexOf(path.basename(d));
    return i < 0 ? order.length : i;
  };
  const dirs = [...layout.runDirs].sort((a, b) => rank(a) - rank(b) || (a < b ? -1 : a > b ? 1 : 0));
  const runs: ImportedRun[] = [];
  for (const dir of dirs) {
    const name = path.basename(dir);
    const r = await readRun(reader, dir, rows.get(name), progress.get(name), opts);
    if (experiment) (r.run.meta as Json).experiment = experiment;
    runs.push(r);
  }
  // Runs the experiment log lists whose folder is missing (when reading the whole experiment).
  const present = new Set(dirs.map((d) => path.basename(d)));
  const missing = layout.single ? [] : order.filter((k) => !present.has(k));
  if (missing.length) {
    for (const r of runs) {
      r.warnings.push({ code: 'runs-missing', message: `${EXPERIMENT} lists ${missing.length} runs without a folder: ${missing.join(', ')}`, file: EXPERIMENT, count: missing.length });
    }
  }
  return runs;
}

export const llameaFormat: ImporterFormat = {
  format: 'llamea',
  description: FORMAT_DESCRIPTIONS.llamea,
  detect: async (p) => locateLlamea(p) != null,
  read: readLlameaRuns,
};

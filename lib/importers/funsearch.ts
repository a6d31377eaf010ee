// FunSearch JSON exports (the lumi-a fork's docs/json-data, written for its web viewer) ->
// one ImportedRun per run file.
//
//   json-data/
//     index.json        positional rows, one per run file, in either writer's order:
//                         [problem_name, timestamp, inputs[], best_score, message, filename]
//                         [problem_name, inputs[], best_score, message, timestamp, filename]
//     <problem>_<timestamp>.json
//       { config: { problem_name, specification, inputs, message, functions_per_prompt,
//                   num_islands, reset_period, cluster_sampling_temperature_init,
//                   cluster_sampling_temperature_period, ... },
//         timestamp, highestRunIndex,
//         islands: [{ improvements: [[runIndex, score, code], ...], successCount, failureCount }] }
//       (an older writer puts problemName, inputs, message and specCode at the top level)
//
// The path may be the folder, its index.json, or a single run file. Run files are found through
// index.json (matched by file name: names use '_', problem names '-', so the two are never
// compared), and a run file read on its own needs no index. A folder without index.json whose
// .json files include run files ({config, islands}) is read as one run per run file (exports
// packed alone for an upload); its other .json files are not runs and are left alone.
//
// Mapping:
//  - Only each island's improvement trajectory is stored, never every sample. Each improvement
//    becomes a program: externalId `island<k>-<runIndex>`, island = k, iteration = runIndex (the
//    sample's index on its island: the exporter writes island._runs[ix]), score = score (higher
//    is better: FunSearch keeps the max, and the all-negative `library` run's index best is its
//    max). Outliers (1,110,010 in gasoline_list_1740242660) are kept as written.
//  - parent = the previous improvement on the same island, operator 'improvement'. This is the
//    trajectory, not FunSearch's real parent links (a prompt shows functions_per_prompt sampled
//    programs); every run says so in a warning.
//  - config.specification (or specCode) -> run.meta.specification; the rest of config ->
//    run.config; problem_name -> task. run.meta keeps the island structure and the programs
//    database settings that shape it: islands[{index, successCount, failureCount, improvements,
//    bestScore}], programsDatabase{num_islands, reset_period, cluster_sampling_temperature_init,
//    cluster_sampling_temperature_period, functions_per_prompt}, samples{success, failure}.
//  - searchState (config, each island's final state, the final sample counts, what the export
//    lacks): funsearchState.ts says how each field maps.
import fs from 'node:fs';
import path from 'node:path';
import { ImportError, type ImportedRun, type ImportWarning, type ProgramRecord } from '../trace/schema';
import { asNumber, assessValidity } from '../trace/validity';
import type { ImporterFormat, ReadOptions } from './format';
import { int, isDir, isFile, isObject, readHead, readJson, relName, str, type Json } from './inputFiles';
import { parsePythonJson } from './pythonJson';
import { FORMAT_DESCRIPTIONS } from './formatList';
import { checkedSearchState } from './searchStateCheck';
import { funSearchState } from './funsearchState';

const INDEX = 'index.json';
const DB_KEYS = [
  'num_islands', 'reset_period', 'cluster_sampling_temperature_init', 'cluster_sampling_temperature_period',
  'functions_per_prompt',
] as const;
/** Largest single run file `detect` parses to look for {config, islands}. */
const DETECT_MAX_BYTES = 64 * 1024 ** 2;

interface IndexEntry {
  row: number;
  problem: string | null;
  timestamp: number | null;
  inputs: unknown;
  bestScore: number | null;
  message: string | null;
  file: string;
}

interface Layout {
  base: string;
  index: string | null;
  /** Run files read on their own (no index.json): the file given, or every run file of a folder
   * without an index (one export, or a few, packed alone for an upload). */
  singles: string[];
}

const looksLikeIndex = (file: string) => /^\s*\[\s*\[/.test(readHead(file, 4096));

function looksLikeRunFile(file: string): boolean {
  if (!file.endsWith('.json') || path.basename(file) === INDEX) return false;
  const size = fs.statSync(file, { throwIfNoEntry: false })?.size ?? 0;
  if (size > DETECT_MAX_BYTES || !/^\s*\{/.test(readHead(file, 256))) return false;
  try {
    const v = parsePythonJson(fs.readFileSync(file, 'utf8'));
    return isObject(v) && isObject(v.config) && Array.isArray(v.islands);
  } catch {
    return false;
  }
}

export function locateFunSearch(p: string): Layout | null {
  const abs = path.resolve(p);
  if (isDir(abs)) {
    const index = path.join(abs, INDEX);
    if (isFile(index)) return looksLikeIndex(index) ? { base: abs, index, singles: [] } : null;
    const files = fs.readdirSync(abs).filter((f) => f.endsWith('.json')).sort().map((f) => path.join(abs, f)).filter((f) => isFile(f) && looksLikeRunFile(f));
    return files.length ? { base: abs, index: null, singles: files } : null;
  }
  if (!isFile(abs)) return null;
  if (path.basename(abs) === INDEX) return looksLikeIndex(abs) ? { base: path.dirname(abs), index: abs, singles: [] } : null;
  return looksLikeRunFile(abs) ? { base: path.dirname(abs), index: null, singles: [abs] } : null;
}

function parseIndex(value: unknown, rel: string): IndexEntry[] {
  if (!Array.isArray(value)) throw new ImportError('expected an array of rows', rel);
  return value.map((row, i) => {
    const file = Array.isArray(row) ? row[row.length - 1] : null;
    if (!Array.isArray(row) || typeof file !== 'string') {
      throw new ImportError(`row ${i + 1} is not [problem_name, ..., filename]`, rel);
    }
    if (!file.endsWith('.json') || file !== path.basename(file) || file.includes('\\') || file === INDEX) {
      throw new ImportError(`row ${i + 1} names ${JSON.stringify(file)}, not a .json file in this folder`, rel);
    }
    // Newer writer: [name, timestamp, inputs, best, message, file]; older: [name, inputs, best, message, timestamp, file].
    const [a, b, c, d, e] = row as unknown[];
    const newer = !Array.isArray(b);
    return {
      row: i + 1,
      problem: str(a),
      timestamp: asNumber(newer ? b : e),
      inputs: newer ? c : b,
      bestScore: asNumber(newer ? d : c),
      message: str(newer ? e : d),
      file,
    };
  });
}

type Improvement = { runIndex: number; score: number | null; code: string };

function improvementsOf(island: unknown, k: number, rel: string): Improvement[] {
  const list = isObject(island) ? island.improvements : undefined;
  if (!Array.isArray(list)) throw new ImportError(`islands[${k}].improvements is not a list`, rel);
  return list.map((imp, i) => {
    const runIndex = Array.isArray(imp) ? int(imp[0]) : null;
    if (!Array.isArray(imp) || runIndex == null || typeof imp[2] !== 'string') {
      throw new ImportError(`islands[${k}].improvements[${i}] is not [runIndex, score, code]`, rel);
    }
    return { runIndex, score: asNumber(imp[1]), code: imp[2] };
  });
}

const count = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : 0);

function toRun(doc: Json, file: string, rel: string, entry: IndexEntry | null, opts: ReadOptions, sourceKind: string): ImportedRun {
  if (!isObject(doc.config) || !Array.isArray(doc.islands)) {
    throw new ImportError('not a FunSearch run file: expected {config, islands: [...]}', rel);
  }
  const { specification, ...config } = doc.config;
  const stem = path.basename(file, '.json');
  const programs: ProgramRecord[] = [];
  const ids = new Set<string>();
  const islands = doc.islands.map((island, k) => {
    const imps = improvementsOf(island, k, rel);
    let prev: string | null = null;
    let best: number | null = null;
    let bestProgram: string | null = null;
    imps.forEach((imp, i) => {
      let id = `island${k}-${imp.runIndex}`;
      for (let n = 2; ids.has(id); n++) id = `island${k}-${imp.runIndex}#${n}`; // never seen, but ids must be unique
      ids.add(id);
      const { valid, invalidReason, score } = assessValidity({ score: imp.score }, 'score');
      if (score != null && (best == null || score > best)) {
        best = score;
        bestProgram = id;
      }
      programs.push({
        externalId: id,
        code: imp.code,
        language: 'python',
        iteration: imp.runIndex,
        island: k,
        valid,
        invalidReason,
        score,
        metrics: { score: imp.score },
        metadata: { improvementIndex: i },
        parents: prev ? [{ externalId: prev, operator: 'improvement' }] : [],
      });
      prev = id;
    });
    const o = isObject(island) ? island : {};
    return { index: k, successCount: count(o.successCount), failureCount: count(o.failureCount), improvements: imps.length, bestScore: best, bestProgram };
  });
  const lastRunIndex = programs.reduce<number | null>((m, p) => (p.iteration != null && (m == null || p.iteration > m) ? p.iteration : m), null);
  const searchState = funSearchState(
    config,
    islands,
    { iteration: int(doc.highestRunIndex) ?? lastRunIndex, timestamp: asNumber(doc.timestamp) ?? entry?.timestamp ?? null },
    programs.map((p) => ({ island: p.island!, runIndex: p.iteration!, score: p.score ?? null, program: p.externalId })),
  );

  const success = islands.reduce((s, i) => s + i.successCount, 0);
  const failure = islands.reduce((s, i) => s + i.failureCount, 0);
  const edges = programs.filter((p) => p.parents?.length).length;
  const invalid = programs.filter((p) => !p.valid).length;
  const bestScore = islands.reduce<number | null>((m, i) => (i.bestScore != null && (m == null || i.bestScore > m) ? i.bestScore : m), null);
  const problem = str(config.problem_name) ?? str(doc.problemName) ?? entry?.problem ?? stem.replace(/_\d+$/, '');

  const warnings: ImportWarning[] = [
    {
      code: 'lineage-approximate',
      message: `lineage is the per-island improvement trajectory, not true parent links: each of ${edges} programs has the previous improvement on its island as parent (FunSearch exports store no parents)`,
      file: rel,
      count: edges,
    },
    {
      code: 'samples-not-stored',
      message: `only improvements are stored: ${programs.length} programs out of ${success + failure} samples (${success} successful, ${failure} failed)`,
      file: rel,
      count: success + failure - programs.length,
    },
    {
      code: 'timestamps-unknown',
      message: 'programs have no timestamps or ids: iteration is runIndex, the sample number on its island, and ids are island<k>-<runIndex>',
      file: rel,
      count: programs.length,
    },
  ];
  if (entry && entry.bestScore != null && bestScore != null && entry.bestScore !== bestScore) {
    warnings.push({ code: 'index-mismatch', message: `index.json row ${entry.row} gives best score ${entry.bestScore}, the islands ${bestScore}`, file: INDEX });
  }
  if (!programs.length) warnings.push({ code: 'no-programs', message: 'the run file has no improvements', file: rel });

  const programsDatabase = Object.fromEntries(DB_KEYS.map((k) => [k, config[k] ?? null]));
  return {
    run: {
      name: opts.name ?? stem,
      framework: 'funsearch',
      task: problem,
      language: 'python',
      scoreMetric: 'score',
      higherIsBetter: true,
      config,
      meta: {
        specification: str(specification) ?? str(doc.specCode),
        message: str(config.message) ?? str(doc.message) ?? entry?.message ?? null,
        inputs: config.inputs ?? doc.inputs ?? entry?.inputs ?? null,
        timestamp: asNumber(doc.timestamp) ?? entry?.timestamp ?? null,
        highestRunIndex: int(doc.highestRunIndex),
        islands: islands.map(({ bestProgram: _, ...i }) => i),
        programsDatabase,
        samples: { success, failure },
        ...(entry ? { index: entry } : {}),
      },
      sourceKind,
      sourcePath: file,
    },
    programs,
    warnings,
    searchState: checkedSearchState(searchState, warnings, rel),
    stats: { filesRead: 1, islands: islands.length, programs: programs.length, edges, invalidPrograms: invalid, samples: success + failure },
  };
}

export async function readFunSearchRuns(p: string, opts: ReadOptions = {}): Promise<ImportedRun[]> {
  const layout = locateFunSearch(p);
  if (!layout) throw new ImportError(`not a FunSearch export (no index.json of rows, nor a {config, islands} run file): ${p}`);
  let filesRead = 0;
  const read = async (abs: string) => {
    const v = await readJson(abs, relName(layout.base, abs));
    filesRead++;
    opts.onFileRead?.(filesRead);
    return v;
  };
  if (!layout.index) {
    const runs: ImportedRun[] = [];
    for (const file of layout.singles) {
      const rel = relName(layout.base, file);
      const doc = await read(file);
      if (!isObject(doc)) throw new ImportError('expected a JSON object', rel);
      runs.push(toRun(doc, file, rel, null, opts, 'file'));
    }
    return runs;
  }
  const entries = parseIndex(await read(layout.index!), INDEX);
  const runs: ImportedRun[] = [];
  for (const entry of entries) {
    const abs = path.join(layout.base, entry.file);
    if (!isFile(abs)) throw new ImportError(`row ${entry.row} names ${entry.file}, which does not exist`, INDEX);
    const doc = await read(abs);
    if (!isObject(doc)) throw new ImportError('expected a JSON object', entry.file);
    runs.push(toRun(doc, abs, entry.file, entry, opts, 'directory'));
  }
  const listed = new Set(entries.map((e) => e.file));
  const unlisted = fs.readdirSync(layout.base).filter((f) => f.endsWith('.json') && f !== INDEX && !listed.has(f));
  if (unlisted.length) {
    for (const r of runs) {
      r.warnings.push({ code: 'files-skipped', message: `${unlisted.length} .json files not listed in index.json were not read`, file: INDEX, count: unlisted.length });
    }
  }
  return runs;
}

export const funsearchFormat: ImporterFormat = {
  format: 'funsearch',
  description: FORMAT_DESCRIPTIONS.funsearch,
  detect: async (p) => locateFunSearch(p) != null,
  read: readFunSearchRuns,
};

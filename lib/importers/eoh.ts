// EoH (Evolution of Heuristics) population files -> one ImportedRun.
//
//   results/
//     pops/population_generation_N.json        a list of {algorithm, code, objective, other_inf}
//     pops_best/population_generation_N.json   the generation's best: a single object (a list
//                                              of them is accepted too); may be missing
//
// The path may be the folder holding pops/ (or its results/ subfolder), or pops/ itself.
//
// EoH saves whole populations, so an individual that survives appears again in every later
// file. Individuals are deduplicated by code + objective: one program per distinct individual,
// first seen at its earliest generation (iteration = generation = that N); the generations it
// was present in go to metadata.survivedGenerations. A pops_best entry marks its program with
// metadata.bestOfGeneration = [N, ...]; a best individual absent from pops/ becomes a program of
// its own, with a warning.
//
// objective: a number -> metrics.objective; a list (multi-objective EoH variants) ->
// metrics.objective_0, objective_1, ... The score is objective (or objective_0) and EoH
// minimises it (it sorts populations ascending), so higherIsBetter is false. algorithm (the
// LLM's description of its idea) and a non-null other_inf go to metadata. EoH records no ids,
// parents, timestamps or language: ids are gen<N>-<position in that file>, the language is
// Python (EoH's prompts ask for Python), and warnings say what is missing.
import path from 'node:path';
import { ImportError, type ImportedRun, type ImportWarning, type ProgramRecord } from '../trace/schema';
import { asNumber, assessValidity } from '../trace/validity';
import type { ImporterFormat, ReadOptions } from './format';
import { isDir, isObject, listDir, readJson, relName, type Json } from './inputFiles';
import { FORMAT_DESCRIPTIONS } from './formatList';

const GEN_FILE = /^population_generation_(\d+)\.json$/;

interface Layout {
  base: string;
  pops: string;
  best: string | null;
  /** Run name: the folder that holds results/ or pops/. */
  name: string;
}

const genFiles = (dir: string) =>
  listDir(dir).flatMap((d) => {
    const m = d.isFile() ? GEN_FILE.exec(d.name) : null;
    return m ? [{ n: Number(m[1]), file: path.join(dir, d.name) }] : [];
  }).sort((a, b) => a.n - b.n);

export function locateEoh(p: string): Layout | null {
  const abs = path.resolve(p);
  if (!isDir(abs)) return null;
  for (const root of [abs, path.join(abs, 'results')]) {
    const pops = path.join(root, 'pops');
    if (isDir(pops) && genFiles(pops).length) {
      const best = path.join(root, 'pops_best');
      const named = path.basename(root) === 'results' ? path.dirname(root) : root;
      return { base: abs, pops, best: isDir(best) ? best : null, name: path.basename(named) };
    }
  }
  if (genFiles(abs).length && path.basename(abs) !== 'pops_best') {
    const best = path.join(path.dirname(abs), 'pops_best');
    const parent = path.dirname(abs);
    const named = path.basename(parent) === 'results' ? path.dirname(parent) : parent;
    return { base: abs, pops: abs, best: path.basename(abs) === 'pops' && isDir(best) ? best : null, name: path.basename(named) };
  }
  return null;
}

interface Individual {
  algorithm: unknown;
  code: string;
  objective: unknown;
  other_inf: unknown;
}

function individualsOf(value: unknown, rel: string, single: boolean): Individual[] {
  const list = Array.isArray(value) ? value : single && isObject(value) ? [value] : null;
  if (!list) throw new ImportError(single ? 'expected an individual or a list of them' : 'expected a list of individuals', rel);
  return list.map((ind, i) => {
    if (!isObject(ind) || typeof ind.code !== 'string') throw new ImportError(`entry ${i} has no string "code"`, rel);
    return { algorithm: ind.algorithm, code: ind.code, objective: ind.objective, other_inf: ind.other_inf };
  });
}

const keyOf = (ind: Individual) => `${JSON.stringify(ind.objective ?? null)}\u0000${ind.code}`;

function metricsOf(objective: unknown, multi: boolean): Json {
  if (!multi) return { objective: asNumber(objective) ?? objective ?? null };
  const xs = Array.isArray(objective) ? objective : [objective];
  return Object.fromEntries(xs.map((x, i) => [`objective_${i}`, asNumber(x) ?? x ?? null]));
}

export async function readEohRun(p: string, opts: ReadOptions = {}): Promise<ImportedRun> {
  const layout = locateEoh(p);
  if (!layout) throw new ImportError(`not an EoH results folder (no pops/population_generation_N.json): ${p}`);
  let filesRead = 0;
  const read = async (file: string) => {
    const v = await readJson(file, relName(layout.base, file));
    filesRead++;
    opts.onFileRead?.(filesRead);
    return v;
  };

  // Read every generation first: whether the run is multi-objective decides the metric names.
  const generations: { n: number; inds: Individual[] }[] = [];
  for (const { n, file } of genFiles(layout.pops)) generations.push({ n, inds: individualsOf(await read(file), relName(layout.base, file), false) });
  const bests: { n: number; inds: Individual[] }[] = [];
  if (layout.best) for (const { n, file } of genFiles(layout.best)) bests.push({ n, inds: individualsOf(await read(file), relName(layout.base, file), true) });
  const multi = [...generations, ...bests].some((g) => g.inds.some((i) => Array.isArray(i.objective)));
  const scoreMetric = multi ? 'objective_0' : 'objective';

  const byKey = new Map<string, ProgramRecord & { metadata: Json }>();
  const add = (ind: Individual, n: number, id: string, extra: Json) => {
    const metrics = metricsOf(ind.objective, multi);
    const { valid, invalidReason, score } = assessValidity(metrics, scoreMetric);
    const program = {
      externalId: id,
      code: ind.code,
      language: 'python',
      iteration: n,
      generation: n,
      valid,
      invalidReason,
      score,
      metrics,
      metadata: {
        algorithm: ind.algorithm ?? null,
        ...(ind.other_inf != null ? { other_inf: ind.other_inf } : {}),
        survivedGenerations: [] as number[],
        ...extra,
      },
    };
    byKey.set(keyOf(ind), program);
    return program;
  };
  let records = 0;
  for (const { n, inds } of generations) {
    inds.forEach((ind, i) => {
      records++;
      const prog = byKey.get(keyOf(ind)) ?? add(ind, n, `gen${n}-${i}`, {});
      const seen = prog.metadata.survivedGenerations as number[];
      if (seen[seen.length - 1] !== n) seen.push(n);
    });
  }
  let bestOnly = 0;
  for (const { n, inds } of bests) {
    inds.forEach((ind, i) => {
      let prog = byKey.get(keyOf(ind));
      if (!prog) {
        bestOnly++;
        prog = add(ind, n, `best-gen${n}${inds.length > 1 ? `-${i}` : ''}`, { onlyInPopsBest: true });
      }
      const marks = ((prog.metadata.bestOfGeneration as number[] | undefined) ??= []);
      if (!marks.includes(n)) marks.push(n);
    });
  }
  const programs = [...byKey.values()];
  for (const prog of programs) {
    const s = prog.metadata.survivedGenerations as number[];
    prog.metadata.lastGeneration = s.length ? s[s.length - 1] : null;
  }

  const popsRel = relName(layout.base, layout.pops);
  const warnings: ImportWarning[] = [
    { code: 'lineage-unknown', message: `lineage unknown for ${programs.length} programs: EoH population files store no parents`, file: popsRel, count: programs.length },
    { code: 'ids-derived', message: `EoH individuals have no ids or timestamps: ids are gen<N>-<position in the generation file where each first appears>`, file: popsRel, count: programs.length },
    { code: 'deduplicated', message: `${records} individuals in ${generations.length} generation files are ${byKey.size - bestOnly} distinct programs (same code and objective = same program, kept at its first generation)`, file: popsRel, count: records },
  ];
  if (bestOnly) warnings.push({ code: 'best-not-in-population', message: `${bestOnly} pops_best individuals appear in no population file; imported as programs of their own`, count: bestOnly });
  if (!programs.length) warnings.push({ code: 'no-programs', message: 'every population file is empty', file: popsRel });

  return {
    run: {
      name: opts.name ?? layout.name,
      framework: 'eoh',
      task: null,
      language: 'python',
      scoreMetric,
      higherIsBetter: false, // EoH minimises its objective (populations are sorted ascending)
      meta: {
        generations: generations.map((g) => ({ generation: g.n, size: g.inds.length })),
        bestGenerations: bests.map((b) => b.n),
        objectives: multi ? Math.max(0, ...programs.map((p) => Object.keys(p.metrics ?? {}).length)) : 1,
      },
      sourceKind: 'directory',
      sourcePath: layout.base,
    },
    programs,
    warnings,
    stats: {
      filesRead,
      generationFiles: generations.length,
      bestFiles: bests.length,
      individualRecords: records,
      programs: programs.length,
      invalidPrograms: programs.filter((p) => !p.valid).length,
    },
  };
}

export const eohFormat: ImporterFormat = {
  format: 'eoh',
  description: FORMAT_DESCRIPTIONS.eoh,
  detect: async (p) => locateEoh(p) != null,
  read: async (p, opts) => [await readEohRun(p, opts)],
};

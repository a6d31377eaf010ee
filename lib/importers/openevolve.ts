// OpenEvolve output directories -> one ImportedRun. (SkyDiscover writes the same checkpoints with
// `solution` programs and search sidecars: skydiscover.ts, which reuses openevolveReader.ts.)
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
// are streamed; nothing is read up front. Record mapping lives in openevolveProgram.ts; locating
// the directories in openevolveLayout.ts, reading and merging the copies in openevolveReader.ts
// and openevolveCopies.ts, metadata.json and config.yaml in openevolveMetadata.ts.
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
import { ImportError, type ImportedRun, type ImportWarning, type ProgramRecord } from '../trace/schema';
import { choosePrimaryMetric } from '../trace/validity';
import { attachEvalAgent, findEvalAgentDir } from './evalAgent';
import type { ImporterFormat, ReadOptions } from './format';
import { FORMAT_DESCRIPTIONS } from './formatList';
import { isDir, isFile } from './inputFiles';
import { DROPPED, DROPPED_FOR_ANALYSIS, DROPPED_WHEN_STREAMED, intOf } from './openevolveCopies';
import { locateOpenEvolve, missingCheckpoints, OUTPUT_DIR } from './openevolveLayout';
import { featureKeys, readConfig, runMeta } from './openevolveMetadata';
import { isObject, toProgramRecord, type Json } from './openevolveProgram';
import { loadFullPrograms, Reader } from './openevolveReader';
import { OpenEvolveStateCollector } from './openevolveState';
import { applyTrace, loadWithTrace, readTraceBeside, traceWarnings } from './openevolveTrace';
import { checkedSearchState } from './searchStateCheck';

/** Non-migrant children with a lower iteration than their parent: a restarted iteration counter. */
function childrenBeforeParents(programs: ProgramRecord[]): number {
  const iterationOf = new Map(programs.map((p) => [p.externalId, p.iteration]));
  return programs.filter((p) => {
    if (p.isMigrant || p.iteration == null) return false;
    const parent = p.parents?.[0] ? iterationOf.get(p.parents[0].externalId) : null;
    return parent != null && p.iteration < parent;
  }).length;
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

export const openevolveFormat: ImporterFormat = {
  format: 'openevolve',
  description: FORMAT_DESCRIPTIONS.openevolve,
  detect: async (p) => locateOpenEvolve(p) != null,
  read: async (p, opts) => [await readOpenEvolveRun(p, opts)],
};

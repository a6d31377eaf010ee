// EvoTrace refined layout (EvoReplay's scripts/refine_outputs.py output, and Evoscope's own
// `export --format evotrace`) -> one ImportedRun. Programs are read exactly as EvoReplay's
// core/checkpoints.py load_programs reads them; file names live in evotraceLayout.ts, reading
// the files in evotraceReader.ts, parents, evaluation and Evoscope's own fields in evotraceProgram.ts.
//
//   meta.json           backend -> framework; source, refined_at, counts, schema_version -> run.meta.
//                       `evoscope` (only in Evoscope exports): the original run record (name,
//                       task, scoreMetric, higherIsBetter, modelConfig, budget, meta, ...).
//   run_config.yaml     -> run.config (its `language` is the run language, as detect_language);
//                       not a config when evoscope.has_config is false (written only for EvoReplay)
//   programs.jsonl      one row per program, streamed line by line:
//     id                      -> externalId (rows without one are skipped, as EvoReplay does)
//     solution                -> code when a non-empty string; otherwise
//     solution_sha256         -> code from blobs/<sha[:2]>/<sha>.txt (missing file: ImportError)
//     prompts                 -> contexts when a non-empty object; otherwise
//     prompts_sha256          -> contexts from blobs/<sha[:2]>/<sha>.json, one per template key:
//                                {system, user, responses[0] -> response, model, prompt_tokens,
//                                completion_tokens, cost}; other keys and responses[1..] -> extra
//     parent_id               -> the one parent (operator 'migration' for island migrants, else
//                                'mutation'); `parents` [{id, operator}] (Evoscope) wins when present
//     iteration_found, generation, timestamp, language, metrics -> the same-named fields
//     island_idx | metadata.island | iterations.jsonl role island_member (newest) -> island
//     is_migrant | metadata.migrant -> isMigrant
//     valid, invalid_reason, score, evaluated (Evoscope; evaluated=false: never evaluated, not
//                                invalid) -> as written; otherwise validity comes from the
//                                metrics (lib/trace/validity.ts), `correct: false` or status 'failed'
//     evaluation (Evoscope) {status, output, errors, timing_ms, public_metrics, private_metrics,
//                                feedback}, artifacts, text_feedback, public_metrics,
//                                private_metrics (ShinkaEvolve rows) -> evaluation
//     origin, context_refs, rejected, components (Evoscope's own layouts only) -> the same-named fields
//     metadata + every other non-null field -> metadata (embeddings dropped)
//   meta.json evoscope.strategies (Evoscope's own layouts) -> strategies
//   iterations.jsonl    island_member rows -> islands; iter_scalars.jsonl -> latest value per key
//                       in run.meta.iterScalars (best_program_id, last_iteration, ...)
//   replay_environment.json (Evoscope) or evaluate.py -> run.replay
import fs from 'node:fs';
import path from 'node:path';
import { parseYamlBounded } from '../files/parseYaml';
import { readJsonObject } from '../files/readJson';
import { ImportError, type ContextRecord, type ImportedRun, type ImportWarning, type ProgramRecord, type StrategyRecord } from '../trace/schema';
import { assessValidity, choosePrimaryMetric } from '../trace/validity';
import type { ImporterFormat, ReadOptions } from './format';
import { FORMAT_DESCRIPTIONS } from './formatList';
import { blobPath, EXPORTER, FILES, finite, int, isObject, ISLAND_ROLE, promptsToContexts, str, type Json } from './evotraceLayout';
import { evaluationOf, idOf, ownTraceFields, parentsOf, unmappedFields } from './evotraceProgram';
import { asImportError, Reader, readReplay } from './evotraceReader';
import { isFile } from './inputFiles';
import { originFromContexts } from './origin';
import { parsePythonJson } from './pythonJson';

/** meta.json + programs.jsonl at `p` (blobs/ is optional: sources may all be inline). */
export const isEvoTraceDir = (p: string) => isFile(path.join(p, FILES.meta)) && isFile(path.join(p, FILES.programs));

interface Pending {
  record: ProgramRecord;
  row: Json;
  /** Validity as the row states it (Evoscope exports), or null to derive it from the metrics. */
  stated: { valid: boolean; invalidReason: string | null; score: number | null } | null;
}

export async function readEvoTraceRun(p: string, opts: ReadOptions = {}): Promise<ImportedRun> {
  const root = path.resolve(p);
  if (!isEvoTraceDir(root)) throw new ImportError(`not an EvoTrace refined run (no ${FILES.meta} + ${FILES.programs}): ${p}`);
  const reader = new Reader(root, opts.onFileRead);
  const warnings: ImportWarning[] = [];

  const meta = await readJsonObject(path.join(root, FILES.meta), FILES.meta, { parse: parsePythonJson }).catch((e) =>
    Promise.reject(asImportError(e)),
  );
  reader.counted();
  const own = isObject(meta.evoscope) && meta.evoscope.exporter === EXPORTER ? meta.evoscope : null;
  const ownRun = own && isObject(own.run) ? own.run : null;

  let config: Json | null = null;
  const configFile = path.join(root, FILES.config);
  if (isFile(configFile)) {
    try {
      const parsed: unknown = parseYamlBounded(await fs.promises.readFile(configFile, 'utf8'));
      if (isObject(parsed) && Object.keys(parsed).length) config = parsed;
      reader.counted();
    } catch (e) {
      warnings.push({ code: 'config-unreadable', message: `config not read: ${(e as Error).message}`, file: FILES.config });
    }
  }

  // Islands first (programs may lack them, as early OpenEvolve runs do): the newest row wins.
  const islandOf = new Map<string, { island: number; iteration: number }>();
  let iterationRows = 0;
  for await (const { value } of reader.lines(FILES.iterations)) {
    iterationRows++;
    if (!isObject(value) || value.role !== ISLAND_ROLE) continue;
    const id = idOf(value.program_id);
    const island = int(value.island_idx);
    const iteration = int(value.iteration) ?? -1;
    if (id && island != null && iteration >= (islandOf.get(id)?.iteration ?? -Infinity)) islandOf.set(id, { island, iteration });
  }
  const scalars = new Map<string, { iteration: number | null; value: unknown }>();
  for await (const { value } of reader.lines(FILES.scalars)) {
    if (!isObject(value) || typeof value.key !== 'string') continue;
    const prev = scalars.get(value.key);
    const it = int(value.iteration);
    if (!prev || (it ?? -Infinity) >= (prev.iteration ?? -Infinity)) scalars.set(value.key, { iteration: it, value: value.value ?? null });
  }

  const pending = new Map<string, Pending>();
  let withoutId = 0;
  let duplicates = 0;
  let noSource = 0;
  let skippedPrompts = 0;
  for await (const { line, value: row } of reader.lines(FILES.programs)) {
    if (!isObject(row)) throw new ImportError('expected a JSON object per line', FILES.programs, line);
    const id = idOf(row.id);
    if (!id) {
      withoutId++;
      continue;
    }
    let code: string;
    if (typeof row.solution === 'string' && row.solution !== '') code = row.solution;
    else if (row.solution_sha256 != null) code = await reader.blob(row.solution_sha256, 'txt', 'solution_sha256', { line, id });
    else if (typeof row.code === 'string') code = row.code;
    else {
      code = '';
      noSource++;
    }
    let prompts: unknown = row.prompts;
    if (!(isObject(prompts) && Object.keys(prompts).length) && row.prompts_sha256 != null) {
      const text = await reader.blob(row.prompts_sha256, 'json', 'prompts_sha256', { line, id });
      try {
        prompts = parsePythonJson(text);
      } catch (e) {
        throw new ImportError(`invalid JSON: ${(e as Error).message}`, blobPath(row.prompts_sha256 as string, 'json'));
      }
    }
    const { contexts, skipped } = promptsToContexts(prompts);
    skippedPrompts += skipped;

    const metadata = isObject(row.metadata) ? row.metadata : {};
    const isMigrant = row.is_migrant === true || metadata.migrant === true;
    const extras = unmappedFields(row, own != null);
    const record: ProgramRecord = {
      externalId: id,
      code,
      language: str(row.language),
      iteration: int(row.iteration_found),
      generation: int(row.generation),
      timestamp: finite(row.timestamp),
      island: int(row.island_idx) ?? int(metadata.island) ?? islandOf.get(id)?.island ?? null,
      valid: true, // settled below, once the run's primary metric is known
      metrics: isObject(row.metrics) ? row.metrics : {},
      // Evoscope writes {} for "no metadata" (EvoReplay calls metadata.get); read it back as none.
      metadata: own && !Object.keys(extras).length && !Object.keys(metadata).length ? undefined : { ...extras, ...metadata },
      isMigrant,
      parents: parentsOf(row, isMigrant),
      contexts: contexts as ContextRecord[],
      // The prompts' template key is the operator (as OpenEvolve); a migrant copy had no LLM call.
      origin: isMigrant ? null : originFromContexts(contexts as ContextRecord[], (contexts as ContextRecord[])[0]?.kind),
    };
    const stated = typeof row.valid === 'boolean'
      ? { valid: row.valid, invalidReason: str(row.invalid_reason), score: finite(row.score) }
      : null;
    if (pending.has(id)) duplicates++;
    pending.set(id, { record, row, stated });
  }
  if (!pending.size) throw new ImportError('no programs (no row with an "id")', FILES.programs);

  const metricsList = [...pending.values()].map((x) => x.record.metrics as Json);
  const scoreMetric = str(ownRun?.scoreMetric) ?? choosePrimaryMetric(metricsList);
  const programs: ProgramRecord[] = [];
  for (const { record, row, stated } of pending.values()) {
    const metrics = record.metrics as Json;
    let v = stated ?? assessValidity(metrics, scoreMetric);
    if (!stated && v.valid && row.correct === false) v = { valid: false, invalidReason: 'correct is false', score: v.score };
    if (!stated && v.valid && row.status === 'failed') v = { valid: false, invalidReason: 'status is failed', score: v.score };
    record.valid = v.valid;
    if (stated && row.evaluated === false) record.evaluated = false;
    if (own) Object.assign(record, ownTraceFields(row));
    record.invalidReason = v.invalidReason;
    record.score = v.score;
    record.evaluation = evaluationOf(row, v.valid, metrics);
    programs.push(record);
  }

  const ids = new Set(pending.keys());
  const ghosts = programs.filter((pr) => pr.parents?.some((pa) => !ids.has(pa.externalId))).length;
  if (ghosts) warnings.push({ code: 'lineage-unknown', message: `lineage unknown for ${ghosts} programs: their parent is not in the archive`, count: ghosts });
  const noIsland = programs.filter((pr) => pr.island == null).length;
  if (noIsland && noIsland < programs.length) warnings.push({ code: 'island-unknown', message: `island unknown for ${noIsland} programs`, count: noIsland });
  if (withoutId) warnings.push({ code: 'rows-skipped', message: `${withoutId} programs.jsonl rows without an "id" skipped`, file: FILES.programs, count: withoutId });
  if (duplicates) warnings.push({ code: 'duplicate-program', message: `${duplicates} program ids appear twice in programs.jsonl; the later row is kept`, file: FILES.programs, count: duplicates });
  if (noSource) warnings.push({ code: 'no-source', message: `${noSource} programs have no source (no solution, solution_sha256 or code); stored as empty`, count: noSource });
  if (skippedPrompts) warnings.push({ code: 'prompts-skipped', message: `${skippedPrompts} prompt entries are not objects and were skipped`, count: skippedPrompts });
  if (reader.blobMismatches) {
    warnings.push({ code: 'blob-mismatch', message: `${reader.blobMismatches} blobs do not hash to their file name (content-addressing broken)`, count: reader.blobMismatches });
  }

  const langs = new Map<string, number>();
  for (const pr of programs) if (pr.language) langs.set(pr.language, (langs.get(pr.language) ?? 0) + 1);
  const folder = path.basename(root);
  const replay = await readReplay(reader, warnings);
  const iterScalars = Object.fromEntries([...scalars].map(([k, s]) => [k, s.value]));
  const { evoscope: _own, ...refineMeta } = meta;

  return {
    run: {
      name: opts.name ?? str(ownRun?.name) ?? folder,
      framework: str(ownRun?.framework) ?? str(meta.backend) ?? 'evotrace',
      task: ownRun ? str(ownRun.task) : folder,
      language: str(ownRun?.language) ?? str(config?.language) ?? [...langs].sort((a, b) => b[1] - a[1])[0]?.[0] ?? null,
      scoreMetric,
      higherIsBetter: typeof ownRun?.higherIsBetter === 'boolean' ? ownRun.higherIsBetter : true,
      config: own?.has_config === false ? undefined : (config ?? undefined),
      modelConfig: ownRun ? (ownRun.modelConfig ?? undefined) : config && isObject(config.llm) ? config.llm : undefined,
      evaluatorCommand: str(ownRun?.evaluatorCommand) ?? replay?.evaluatorCommand ?? null,
      budget: ownRun?.budget ?? undefined,
      meta: ownRun ? (ownRun.meta ?? undefined) : { evotrace: refineMeta, iterScalars },
      sourceKind: 'directory',
      sourcePath: root,
      replay,
    },
    programs,
    warnings,
    ...(own && Array.isArray(own.strategies) && own.strategies.length ? { strategies: own.strategies as StrategyRecord[] } : {}),
    stats: {
      filesRead: reader.filesRead,
      programs: programs.length,
      programsWithPrompts: programs.filter((pr) => pr.contexts?.length).length,
      invalidPrograms: programs.filter((pr) => !pr.valid).length,
      migrants: programs.filter((pr) => pr.isMigrant).length,
      iterationRows,
      scalarKeys: scalars.size,
    },
  };
}

export const evotraceFormat: ImporterFormat = {
  format: 'evotrace',
  description: FORMAT_DESCRIPTIONS.evotrace,
  detect: async (p) => isEvoTraceDir(p),
  read: async (p, opts) => [await readEvoTraceRun(p, opts)],
};

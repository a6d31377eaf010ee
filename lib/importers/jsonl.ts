// Evoscope's own generic JSONL format -> one ImportedRun. Any framework can be converted to it
// in a few lines (docs/jsonl-format.md); jsonlSchema.ts validates every line.
//
//   line 1 (optional)  {"evoscope_run": {name, framework, task, language, score_metric,
//                       higher_is_better, model, config, meta}}
//   every other line   {id, code, parent_ids?, operator?, iteration?, generation?, island?,
//                       timestamp?, language?, metrics?, score?, valid?, error?, feedback?,
//                       prompt?{kind, system, user, response, model, prompt_tokens,
//                       completion_tokens, cost}, metadata?, scores_per_test?, output_hash?}
//   search-state lines  {"database_config" | "database_snapshot" | "database_event" |
//                        "database_counters" | "database_missing": {...}} (jsonlSearchState.ts),
//                       anywhere after the header; they become the run's searchState.
//   diagnosis lines     {"diagnosis": {trigger_generation, report_md, diagnosed?, aux_script?,
//                        aux_values?, agent_candidate?, agent_candidate_code?}} (jsonlDiagnosis.ts),
//                       anywhere after the header; they become the run's diagnoses.
//
// The path is a *.jsonl file or a folder holding exactly one of programs.jsonl / evoscope.jsonl.
// Mapping: id -> externalId; parent_ids -> parents, each with `operator`; a parent id that is
// not in the file is kept (a ghost parent) with a warning. score (else metrics[score_metric],
// score_metric defaulting to "score") -> score, and is copied into metrics when they lack it.
// valid, when given, is taken as written; otherwise lib/trace/validity decides (an error, or a
// missing / non-finite score, makes the program invalid). error -> evaluation.errors, feedback
// -> evaluation.feedback, prompt -> one context (kind = prompt.kind, else operator), metadata
// -> metadata, timestamp (seconds, or ISO 8601) -> seconds. A record without iteration gets
// its 0-based position among the records, with a warning. Duplicate ids and invalid records
// fail the import with file and line.
import { originFromContexts } from './origin';
import path from 'node:path';
import { ImportError, type ContextRecord, type ImportedRun, type ImportWarning, type ProgramRecord } from '../trace/schema';
import { asNumber, assessValidity } from '../trace/validity';
import type { ImporterFormat, ReadOptions } from './format';
import { isDir, isFile, isObject, listDir, mostCommon, readHead, readLines, type Json } from './inputFiles';
import { describeIssue, headerLineSchema, programLineSchema, type ProgramLine, type RunHeader } from './jsonlSchema';
import { parsePythonJson } from './pythonJson';
import { iterationFromPositionWarning } from '../trace/warnings';
import { FORMAT_DESCRIPTIONS } from './formatList';
import { isSearchLine, SearchStateLines } from './jsonlSearchState';
import { diagnosisRecordOf, isDiagnosisLine, parseDiagnosisLine } from './jsonlDiagnosis';
import { candidateOutcome } from '../diagnosis/importedDiagnoses';
import type { DiagnosisRecord } from '../trace/schema';

const FOLDER_FILES = ['programs.jsonl', 'evoscope.jsonl'];
const HEAD_BYTES = 1024 * 1024;

/**
 * The JSONL file at `p`: a .jsonl file, or a folder with exactly one of FOLDER_FILES, or else
 * with exactly one .jsonl file of any name (a run file uploaded as a folder, e.g. myrun/run.jsonl).
 */
function jsonlFileOf(p: string): string | null {
  const abs = path.resolve(p);
  if (isFile(abs)) return /\.jsonl$/i.test(abs) ? abs : null;
  if (!isDir(abs)) return null;
  const names = listDir(abs).filter((d) => d.isFile()).map((d) => d.name);
  const hits = FOLDER_FILES.filter((f) => names.includes(f));
  if (hits.length) return hits.length === 1 ? path.join(abs, hits[0]) : null;
  const any = names.filter((n) => /\.jsonl$/i.test(n));
  return any.length === 1 ? path.join(abs, any[0]) : null;
}

/** Whether the first non-empty line is an Evoscope header or program record (from its first MiB). */
function firstLineMatches(file: string): boolean {
  const head = readHead(file, HEAD_BYTES);
  const start = head.search(/\S/);
  if (start < 0) return false;
  const end = head.indexOf('\n', start);
  const line = end < 0 ? head.slice(start) : head.slice(start, end);
  try {
    const v = parsePythonJson(line);
    return isObject(v) && ('evoscope_run' in v || isSearchLine(v) || isDiagnosisLine(v) || (typeof v.id === 'string' && typeof v.code === 'string'));
  } catch {
    // A first record longer than the window: judge by its opening keys.
    return end < 0 && head.length >= HEAD_BYTES - 4 && /^\{/.test(line) && /"id"\s*:/.test(line) && /"code"\s*:/.test(line);
  }
}

export function locateJsonl(p: string): string | null {
  const file = jsonlFileOf(p);
  return file && firstLineMatches(file) ? file : null;
}

function toSeconds(t: ProgramLine['timestamp']): number | null {
  if (t == null) return null;
  return typeof t === 'number' ? t : Date.parse(t) / 1000;
}

/**
 * `position`: the iteration of a record that has none (its place in the file), or null when the
 * writer places it (live ingestion numbers programs under the run's lock, lib/db/appendPrograms).
 */
export function toProgram(rec: ProgramLine, position: number | null, scoreMetric: string, language: string | null): ProgramRecord {
  const metrics: Json = { ...(rec.metrics ?? {}) };
  const raw = rec.score !== undefined ? rec.score : metrics[scoreMetric];
  const num = asNumber(raw);
  if (num != null && !(scoreMetric in metrics)) metrics[scoreMetric] = num;
  let valid: boolean;
  let invalidReason: string | null;
  let score: number | null;
  const finite = num != null && Number.isFinite(num) ? num : null;
  if (rec.valid != null) {
    valid = rec.valid;
    invalidReason = valid ? null : rec.error ? `error: ${rec.error}` : 'valid is false';
    score = finite;
  } else {
    const checked: Json = { ...metrics, [scoreMetric]: raw ?? null };
    if (rec.error) checked.error = rec.error;
    ({ valid, invalidReason, score } = assessValidity(checked, scoreMetric));
  }
  const operator = rec.operator ?? null;
  const p = rec.prompt;
  const contexts: ContextRecord[] = p
    ? [{
        kind: p.kind ?? operator, system: p.system ?? null, user: p.user ?? null, response: p.response ?? null,
        model: p.model ?? null, promptTokens: p.prompt_tokens ?? null, completionTokens: p.completion_tokens ?? null, cost: p.cost ?? null,
      }]
    : [];
  return {
    externalId: rec.id,
    code: rec.code,
    language: rec.language ?? language,
    iteration: rec.iteration ?? position ?? undefined,
    generation: rec.generation ?? null,
    timestamp: toSeconds(rec.timestamp),
    island: rec.island ?? null,
    valid,
    invalidReason,
    score,
    metrics,
    metadata: rec.metadata ?? undefined,
    scoresPerTest: rec.scores_per_test ?? null,
    outputHash: rec.output_hash ?? null,
    parents: (rec.parent_ids ?? []).map((externalId) => ({ externalId, operator })),
    evaluation: rec.error || rec.feedback || !valid ? { status: valid ? 'ok' : 'failed', errors: rec.error ?? null, feedback: rec.feedback ?? null } : null,
    contexts,
    // Who made it: the line's own origin when it has one, else what its prompt record says.
    origin: rec.origin
      ? { model: rec.origin.model ?? null, operator: rec.origin.operator ?? null, promptTokens: rec.origin.prompt_tokens ?? null,
          completionTokens: rec.origin.completion_tokens ?? null, cost: rec.origin.cost ?? null }
      : originFromContexts(contexts, operator),
    // The fields below only when the line has them (records of older lines stay as they were).
    ...(rec.context_refs?.length ? { contextRefs: rec.context_refs.map((r) => ({ externalId: r.id, label: r.label ?? null })) } : {}),
    ...(rec.rejected ? { rejected: true } : {}),
    ...(rec.components ? { components: rec.components } : {}),
  };
}

/**
 * Checks the programs each diagnosis line names, merges its aux values into their metrics (a
 * metric already there keeps its value) and flags its agent candidate.
 */
function applyDiagnoses(lines: { line: number; record: DiagnosisRecord }[], programs: ProgramRecord[], rel: string, higherIsBetter: boolean): DiagnosisRecord[] {
  const byId = new Map(programs.map((p) => [p.externalId, p]));
  for (const { line, record } of lines) {
    const named = [record.programExternalId, record.agentCandidateExternalId, ...(record.auxValues ?? []).map((v) => v.externalId)];
    const unknown = named.find((id) => id != null && !byId.has(id));
    if (unknown != null) throw new ImportError(`diagnosis names program ${JSON.stringify(unknown)}, which is not a record of the file`, rel, line);
    for (const v of record.auxValues ?? []) {
      const p = byId.get(v.externalId)!;
      p.metrics = { ...v.values, ...(p.metrics ?? {}) };
    }
    const cand = record.agentCandidateExternalId ? byId.get(record.agentCandidateExternalId)! : null;
    if (cand) {
      cand.metadata = { ...(isObject(cand.metadata) ? cand.metadata : {}), agentCandidate: true };
      record.report.agentCandidate = candidateOutcome(cand, programs, higherIsBetter);
    }
  }
  return lines.map((l) => l.record);
}

export async function readJsonlRun(p: string, opts: ReadOptions = {}): Promise<ImportedRun> {
  const file = jsonlFileOf(p);
  if (!file) throw new ImportError(`not an Evoscope JSONL file (a .jsonl file, or a folder with one of ${FOLDER_FILES.join(' / ')}): ${p}`);
  const rel = path.basename(file);
  let header: RunHeader | null = null;
  const records: { line: number; rec: ProgramLine }[] = [];
  const firstLine = new Map<string, number>();
  const state = new SearchStateLines();
  const diagnosisLines: { line: number; record: DiagnosisRecord }[] = [];
  for await (const { line, value } of readLines(file, rel)) {
    if (isObject(value) && 'evoscope_run' in value) {
      if (header || records.length || state.lines || diagnosisLines.length) throw new ImportError('the evoscope_run header must be the first line', rel, line);
      const h = headerLineSchema.safeParse(value);
      if (!h.success) throw new ImportError(describeIssue(h.error), rel, line);
      header = h.data.evoscope_run;
      continue;
    }
    if (!isObject(value)) throw new ImportError('expected a JSON object (one program record per line)', rel, line);
    if (isSearchLine(value)) {
      try {
        state.add(value);
      } catch (e) {
        throw new ImportError((e as Error).message, rel, line);
      }
      continue;
    }
    if (isDiagnosisLine(value)) {
      try {
        diagnosisLines.push({ line, record: diagnosisRecordOf(parseDiagnosisLine(value), `${rel}:${line}`) });
      } catch (e) {
        throw new ImportError((e as Error).message, rel, line);
      }
      continue;
    }
    const r = programLineSchema.safeParse(value);
    if (!r.success) throw new ImportError(describeIssue(r.error), rel, line);
    const first = firstLine.get(r.data.id);
    if (first) throw new ImportError(`duplicate id ${JSON.stringify(r.data.id)} (first on line ${first})`, rel, line);
    firstLine.set(r.data.id, line);
    records.push({ line, rec: r.data });
  }
  opts.onFileRead?.(1);
  if (!records.length) throw new ImportError('no program records', rel);

  const scoreMetric = header?.score_metric ?? 'score';
  const language = header?.language ?? mostCommon(records.map((r) => r.rec.language)) ?? null;
  const programs = records.map(({ rec }, i) => toProgram(rec, i, scoreMetric, language));

  const diagnoses = applyDiagnoses(diagnosisLines, programs, rel, header?.higher_is_better ?? true);
  const warnings: ImportWarning[] = [];
  const ghostIds = new Set(programs.flatMap((pr) => (pr.parents ?? []).map((pa) => pa.externalId)).filter((id) => !firstLine.has(id)));
  const ghosts = programs.filter((pr) => pr.parents?.some((pa) => ghostIds.has(pa.externalId))).length;
  if (ghosts) {
    const sample = [...ghostIds].slice(0, 3).map((id) => JSON.stringify(id)).join(', ');
    warnings.push({ code: 'lineage-unknown', message: `lineage unknown for ${ghosts} programs: ${ghostIds.size} parent ids are not in the file (${sample}${ghostIds.size > 3 ? ', ...' : ''}); kept as ghost parents`, file: rel, count: ghosts });
  }
  const noIteration = records.filter((r) => r.rec.iteration == null).length;
  if (noIteration) {
    warnings.push(iterationFromPositionWarning(noIteration, rel));
  }
  const stem = path.basename(file, '.jsonl');
  const folderName = FOLDER_FILES.includes(rel) ? path.basename(path.dirname(file)) : stem;

  return {
    run: {
      name: opts.name ?? header?.name ?? folderName,
      framework: header?.framework ?? 'jsonl',
      task: header?.task ?? null,
      language,
      scoreMetric,
      higherIsBetter: header?.higher_is_better ?? true,
      modelConfig: header?.model,
      config: header?.config,
      meta: header?.meta,
      sourceKind: 'file',
      sourcePath: file,
    },
    programs,
    warnings,
    searchState: state.result(),
    ...(diagnoses.length ? { diagnoses } : {}),
    stats: {
      ...(diagnoses.length ? { diagnoses: diagnoses.length } : {}),
      filesRead: 1,
      programs: programs.length,
      edges: programs.reduce((s, pr) => s + (pr.parents?.length ?? 0), 0),
      ghostParents: ghostIds.size,
      invalidPrograms: programs.filter((pr) => !pr.valid).length,
      programsWithPrompts: programs.filter((pr) => pr.contexts?.length).length,
    },
  };
}

export const jsonlFormat: ImporterFormat = {
  format: 'jsonl',
  description: FORMAT_DESCRIPTIONS.jsonl,
  detect: async (p) => locateJsonl(p) != null,
  read: async (p, opts) => [await readJsonlRun(p, opts)],
};

// The `diagnosis` line of Evoscope's JSONL format (issue 13), also the body of the live route
// POST /api/ingest/runs/[runId]/diagnoses: one trigger of the eval agent, streamed by a running
// search (docs/jsonl-format.md).
//
//   {"diagnosis": {"trigger_generation": 10, "report_md": "## Hypothesis ...", "diagnosed": "p7",
//                  "aux_script": "def evaluate_aux(results_dir, primary_result=None): ...",
//                  "aux_values": {"p10": {"runtime_ms_n2000": 412.0}, ...},
//                  "agent_candidate": "p11", "agent_candidate_code": "..."}}
//
// Mapping: report_md is split into its four parts (lib/diagnosis/reportMarkdown.ts; parts it lacks
// are named in `missing`); aux_values become the diagnosis's aux_metric_values and are merged into
// the named programs' metrics (a metric the program already has keeps its value); the
// agent_candidate program gets metadata.agentCandidate = true. Every program id must be a record
// of the run (in the file, or already ingested).
import { z } from 'zod';
import { parseReportMarkdown } from '../diagnosis/reportMarkdown';
import { INT4_MAX, badName } from '../trace/pgSafe';
import type { DiagnosisRecord } from '../trace/schema';

const must = (field: string, what: string) => ({ error: `diagnosis.${field} must be ${what}` });
const id = (field: string) =>
  z.string(must(field, 'a non-empty string')).min(1, must(field, 'a non-empty string')).refine((s) => !badName(s), must(field, 'free of NUL characters and lone surrogates'));
const MAX_TEXT = 4 * 1024 ** 2;
const text = (field: string) => z.string(must(field, 'a string')).max(MAX_TEXT, must(field, `at most ${MAX_TEXT} characters`)).refine((s) => !badName(s), must(field, 'free of NUL characters and lone surrogates'));

export const diagnosisLineSchema = z.strictObject(
  {
    trigger_generation: z.number(must('trigger_generation', 'a non-negative integer')).int(must('trigger_generation', 'a non-negative integer')).min(0, must('trigger_generation', 'a non-negative integer')).max(INT4_MAX, must('trigger_generation', 'a non-negative integer')),
    report_md: text('report_md'),
    diagnosed: id('diagnosed').nullish(),
    aux_script: text('aux_script').nullish(),
    aux_values: z
      .record(id('aux_values key'), z.record(id('aux_values metric'), z.number().finite(), must('aux_values', 'an object of program id -> {metric: finite number}')), must('aux_values', 'an object of program id -> {metric: number}'))
      .nullish(),
    agent_candidate: id('agent_candidate').nullish(),
    agent_candidate_code: text('agent_candidate_code').nullish(),
  },
  { error: 'diagnosis must be an object' },
);
export type DiagnosisLine = z.infer<typeof diagnosisLineSchema>;

export const isDiagnosisLine = (value: Record<string, unknown>) => 'diagnosis' in value;

/** Parses one line's `diagnosis` value; throws Error "diagnosis.<field> must be ..." when it does not parse. */
export function parseDiagnosisLine(value: Record<string, unknown>): DiagnosisLine {
  const keys = Object.keys(value);
  if (keys.length !== 1) throw new Error(`a diagnosis line holds that one key only (found ${keys.map((k) => JSON.stringify(k)).join(', ')})`);
  const r = diagnosisLineSchema.safeParse(value.diagnosis);
  if (!r.success) {
    const i = r.error.issues[0];
    if (i?.code === 'unrecognized_keys') throw new Error(`diagnosis: unknown key${i.keys.length > 1 ? 's' : ''} ${i.keys.map((k) => JSON.stringify(k)).join(', ')}`);
    throw new Error(/ must /.test(i?.message ?? '') ? i!.message : `diagnosis.${i?.path.join('.')}: ${i?.message}`);
  }
  return r.data;
}

/** The record an importer or the live route stores for a parsed line. */
export function diagnosisRecordOf(line: DiagnosisLine, where: string): DiagnosisRecord {
  const parsed = parseReportMarkdown(line.report_md, where);
  const auxValues = Object.entries(line.aux_values ?? {}).map(([externalId, values]) => ({ externalId, values }));
  const missing = [...parsed.missing];
  if (!line.aux_script) missing.push(`no aux_script in ${where}`);
  return {
    triggerGeneration: line.trigger_generation,
    programExternalId: line.diagnosed ?? null,
    reportMd: line.report_md,
    report: {
      hypothesis: parsed.hypothesis, experiment: parsed.experiment, verdict: parsed.verdict, direction: parsed.direction,
      claims: parsed.claims, auxMetricNames: [...new Set(auxValues.flatMap((v) => Object.keys(v.values)))].sort(),
      trivialMetrics: [], changeLog: [], bounds: null, agentCandidate: null, missing,
    },
    auxScript: line.aux_script ?? null,
    agentCandidateCode: line.agent_candidate_code ?? null,
    agentCandidateExternalId: line.agent_candidate ?? null,
    auxValues,
  };
}

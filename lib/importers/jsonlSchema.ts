// The Evoscope JSONL format, one zod schema per line kind (docs/jsonl-format.md describes it
// for people writing converters). Objects are strict: an unknown key is an error, so a typo such
// as `parent_id` fails loudly instead of silently losing the lineage; free-form data goes in
// `metadata`. Every field error reads "<field> must be ..." so the importer can prefix it with
// file and line: "programs.jsonl:17: parent_ids must be an array of strings".
import { z } from 'zod';
import { badName, INT4_MAX, storableJson } from '../trace/pgSafe';
import { asNumber } from '../trace/validity';

const must = (field: string, what: string) => ({ error: `${field} must be ${what}` });
const text = (field: string) => z.string(must(field, 'a string')).nullish();
const count = (field: string) =>
  z
    .number(must(field, 'a non-negative integer'))
    .int(must(field, 'a non-negative integer'))
    .nonnegative(must(field, 'a non-negative integer'))
    .max(INT4_MAX, must(field, `an integer no larger than ${INT4_MAX}`))
    .nullish();

/** A string usable as an id or key: PostgreSQL holds no U+0000, jsonb no lone surrogate. */
const name = (field: string, min = 1, what = 'a non-empty string') =>
  z
    .string(must(field, what))
    .min(min, must(field, what))
    .refine((s) => !badName(s), must(field, 'free of NUL characters (U+0000) and lone UTF-16 surrogates'));


/** A number, or a numeric string for values JSON cannot spell ("-inf", "nan", "inf"). */
const numberLike = (field: string) =>
  z
    .union([z.number(), z.string()], must(field, 'a number, "inf", "-inf" or "nan"'))
    .refine((v) => typeof v === 'number' || asNumber(v) != null, must(field, 'a number, "inf", "-inf" or "nan"'))
    .nullish();

export const runHeaderSchema = z.strictObject(
  {
    name: z.string(must('evoscope_run.name', 'a non-empty string')).min(1, must('evoscope_run.name', 'a non-empty string')).nullish(),
    framework: z.string(must('evoscope_run.framework', 'a non-empty string')).min(1, must('evoscope_run.framework', 'a non-empty string')).nullish(),
    task: text('evoscope_run.task'),
    language: text('evoscope_run.language'),
    score_metric: z.string(must('evoscope_run.score_metric', 'a non-empty string')).min(1, must('evoscope_run.score_metric', 'a non-empty string')).nullish(),
    higher_is_better: z.boolean(must('evoscope_run.higher_is_better', 'true or false')).nullish(),
    model: storableJson('evoscope_run.model', z.unknown()).optional(),
    config: storableJson('evoscope_run.config', z.unknown()).optional(),
    meta: storableJson('evoscope_run.meta', z.unknown()).optional(),
  },
  must('evoscope_run', 'an object'),
);

export const headerLineSchema = z.strictObject({ evoscope_run: runHeaderSchema });

export const promptSchema = z.strictObject(
  {
    kind: text('prompt.kind'),
    system: text('prompt.system'),
    user: text('prompt.user'),
    response: text('prompt.response'),
    model: text('prompt.model'),
    prompt_tokens: count('prompt.prompt_tokens'),
    completion_tokens: count('prompt.completion_tokens'),
    cost: z.number(must('prompt.cost', 'a number')).nullish(),
  },
  must('prompt', 'an object'),
);

const tokens = (field: string) => z.number(must(field, 'a non-negative number')).nonnegative(must(field, 'a non-negative number')).nullish();
export const originSchema = z.strictObject(
  {
    model: z.string(must('origin.model', 'a string')).max(300, must('origin.model', 'at most 300 characters')).nullish(),
    operator: z.string(must('origin.operator', 'a string')).max(300, must('origin.operator', 'at most 300 characters')).nullish(),
    prompt_tokens: tokens('origin.prompt_tokens'),
    completion_tokens: tokens('origin.completion_tokens'),
    cost: z.number(must('origin.cost', 'a number')).nullish(),
  },
  must('origin', 'an object'),
);

export const programLineSchema = z.strictObject({
  id: name('id'),
  code: z.string(must('code', 'a string')),
  parent_ids: z
    .array(name('parent_ids', 1, 'an array of non-empty strings'), must('parent_ids', 'an array of strings'))
    .nullish(),
  operator: text('operator'),
  iteration: count('iteration'),
  generation: count('generation'),
  island: count('island'),
  timestamp: z
    .union([z.number(), z.string()], must('timestamp', 'seconds since the epoch or an ISO 8601 string'))
    .refine((v) => (typeof v === 'number' ? Number.isFinite(v) : !Number.isNaN(Date.parse(v))), must('timestamp', 'seconds since the epoch or an ISO 8601 string'))
    .nullish(),
  language: text('language'),
  metrics: storableJson('metrics', z.record(z.string(), z.unknown(), must('metrics', 'an object'))).nullish(),
  score: numberLike('score'),
  valid: z.boolean(must('valid', 'true or false')).nullish(),
  error: text('error'),
  feedback: text('feedback'),
  prompt: promptSchema.nullish(),
  metadata: storableJson('metadata', z.record(z.string(), z.unknown(), must('metadata', 'an object'))).nullish(),
  /** Score per test case (FunSearch's scores_per_test: programs with equal ones form a cluster). */
  scores_per_test: storableJson('scores_per_test', z.record(z.string(), z.unknown(), must('scores_per_test', 'an object'))).nullish(),
  /** A hash of the program's outputs (deduplication by behaviour). */
  output_hash: z.string(must('output_hash', 'a string')).max(200, must('output_hash', 'a string of at most 200 characters')).nullish(),
  /** Who made it (lib/trace/schema.ts programOriginSchema): stored per program, grouped by in analyses. */
  origin: originSchema.nullish(),
  /** Programs shown to the LLM as context (not parents: never lineage). */
  context_refs: z
    .array(z.strictObject({ id: name('context_refs.id'), label: text('context_refs.label') }, must('context_refs', 'an array of {id, label}')), must('context_refs', 'an array of {id, label}'))
    .nullish(),
  /** Proposed and rejected by the search: stored invalid, shown as rejected. */
  rejected: z.boolean(must('rejected', 'true or false')).nullish(),
  /** Named text components (GEPA prompts); `code` may then be "" (Evoscope writes componentsText). */
  components: storableJson('components', z.record(z.string(), z.string(must('components', 'an object of strings')), must('components', 'an object of strings'))).nullish(),
});

export type RunHeader = z.infer<typeof runHeaderSchema>;
export type ProgramLine = z.infer<typeof programLineSchema>;

/** The first issue of a failed parse as one sentence for "<file>:<line>: <sentence>". */
export function describeIssue(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return 'invalid record';
  if (issue.code === 'unrecognized_keys') {
    const where = issue.path.length ? `${issue.path.join('.')}: ` : '';
    return `${where}unknown key${issue.keys.length > 1 ? 's' : ''} ${issue.keys.map((k) => JSON.stringify(k)).join(', ')} (put free-form data in "metadata")`;
  }
  // Our messages name their field; zod's own (rare: deep inside a union) get the path.
  return / must /.test(issue.message) || !issue.path.length ? issue.message : `${issue.path.join('.')}: ${issue.message}`;
}

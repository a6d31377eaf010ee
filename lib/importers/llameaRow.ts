// One LLaMEA / BLADE log.jsonl row -> a ProgramRecord. Pure: llamea.ts reads the files.
//
// Row: {id, fitness, name, description, code, configspace, generation, feedback, error,
//       parent_ids[], operator, metadata{aucs[] | llm_response, theta_sampled, reward, ...},
//       task_prompt}
//  - id -> externalId; code; language python (LLaMEA generates Python classes).
//  - fitness (a float, or the string "-inf" for a failed program) -> metrics.fitness and score;
//    metadata.aucs (per-instance AOCC values) -> metrics.aucs. Validity is lib/trace/validity's:
//    a non-empty `error` makes the program invalid (GA-LLaMEA writes fitness 0.0 with an error:
//    the 0.0 is kept as the score it recorded), a non-finite fitness too (score null).
//  - generation -> generation and iteration, unless the caller found it useless (every row the
//    same generation: BLADE's EoH) and passes the row position instead.
//  - feedback -> evaluation.feedback, error -> evaluation.errors.
//  - parent_ids -> parents, each with the row's operator (mutation, crossover, init,
//    random_new; null where the log has none: LLaMEA and EoH rows).
//  - metadata.llm_response and task_prompt, plus the linked conversation turn when there is one
//    (llameaConversation.ts) -> one context, kind = operator.
//  - name, description, a non-empty configspace, the row position and the rest of metadata
//    (theta_sampled, reward, ...) -> metadata.
import { originFromContexts } from './origin';
import type { ContextRecord, ProgramRecord } from '../trace/schema';
import { ImportError } from '../trace/schema';
import { asNumber, assessValidity } from '../trace/validity';
import { int, isObject, str, type Json } from './inputFiles';
import { parseLogTime, type Turn } from './llameaConversation';

const MAPPED = new Set([
  'id', 'fitness', 'code', 'generation', 'feedback', 'error', 'parent_ids', 'operator', 'metadata', 'task_prompt',
  'configspace', 'name', 'description',
]);

export interface RowContext {
  file: string;
  line: number;
  /** 0-based position of the row in log.jsonl. */
  position: number;
  /** Use the position as iteration (generation carries no order). */
  iterationFromPosition: boolean;
  turn: Turn | null;
  /** The run's model name from experimentlog.jsonl, for contexts without a linked turn. */
  model: string | null;
}

const nonEmpty = (v: unknown) => (typeof v === 'string' && v !== '' ? v : null);

function contextOf(row: Json, meta: Json, ctx: RowContext): ContextRecord[] {
  const llmResponse = nonEmpty(meta.llm_response);
  const taskPrompt = nonEmpty(row.task_prompt);
  const { turn } = ctx;
  if (!turn && !llmResponse && !taskPrompt) return [];
  const user = turn?.prompt.content ?? taskPrompt;
  const extra: Json = {};
  if (taskPrompt && user !== taskPrompt && !user?.includes(taskPrompt)) extra.taskPrompt = taskPrompt;
  if (turn) {
    extra.link = 'position in conversationlog.jsonl';
    extra.codeFoundInResponse = turn.codeFound;
    extra.promptTime = turn.prompt.time;
    extra.responseTime = turn.response.time;
    if (llmResponse && llmResponse !== turn.response.content) extra.conversationResponse = turn.response.content;
  }
  const cost = turn && (turn.prompt.cost != null || turn.response.cost != null) ? (turn.prompt.cost ?? 0) + (turn.response.cost ?? 0) : null;
  return [
    {
      kind: str(row.operator),
      system: null,
      user,
      response: llmResponse ?? turn?.response.content ?? null,
      model: turn?.response.role ?? ctx.model,
      promptTokens: turn?.prompt.tokens || null, // BLADE writes 0 for prompts: not counted
      completionTokens: turn?.response.tokens ?? null,
      cost,
      ...(Object.keys(extra).length ? { extra } : {}),
    },
  ];
}

export function toLlameaProgram(row: Json, ctx: RowContext): ProgramRecord {
  const fail = (msg: string) => new ImportError(msg, ctx.file, ctx.line);
  if (typeof row.id !== 'string' || !row.id) throw fail('"id" must be a non-empty string');
  if (typeof row.code !== 'string') throw fail('"code" must be a string');
  const parentIds = row.parent_ids ?? [];
  if (!Array.isArray(parentIds) || parentIds.some((p) => typeof p !== 'string' || !p)) {
    throw fail('"parent_ids" must be a list of ids');
  }
  const meta = isObject(row.metadata) ? row.metadata : {};
  const { aucs, llm_response: _response, ...restMeta } = meta;
  const fitness = asNumber(row.fitness);
  const error = nonEmpty(row.error);
  const feedback = nonEmpty(row.feedback);
  const { valid, invalidReason, score } = assessValidity({ fitness: fitness ?? row.fitness, error }, 'fitness');
  const generation = int(row.generation);
  const operator = str(row.operator);
  const extras = Object.fromEntries(Object.entries(row).filter(([k, v]) => !MAPPED.has(k) && v != null));
  const responseTime = parseLogTime(ctx.turn?.response.time ?? null);
  const contexts = contextOf(row, meta, ctx);
  return {
    externalId: row.id,
    code: row.code,
    language: 'python',
    iteration: ctx.iterationFromPosition ? ctx.position : (generation ?? ctx.position),
    generation,
    timestamp: responseTime,
    valid,
    invalidReason,
    score,
    metrics: { fitness: fitness ?? row.fitness ?? null, ...(Array.isArray(aucs) ? { aucs } : {}) },
    metadata: {
      ...extras,
      ...restMeta,
      name: str(row.name),
      description: str(row.description),
      ...(row.configspace != null && row.configspace !== '' ? { configspace: row.configspace } : {}),
      row: ctx.position,
    },
    parents: (parentIds as string[]).map((externalId) => ({ externalId, operator })),
    evaluation:
      error || feedback || !valid ? { status: valid ? 'ok' : 'failed', errors: error, feedback } : null,
    contexts,
    // Who made it: the row's operator, and the model, tokens and cost of its conversation turn.
    origin: originFromContexts(contexts, operator),
  };
}

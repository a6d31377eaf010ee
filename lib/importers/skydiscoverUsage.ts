// Per-iteration LLM usage, where a SkyDiscover build writes it: the budget-accounting fork
// (skydiscover/budget/io.py write_iteration_record, default_discovery_controller.py) appends one
// row per solution iteration to <output dir>/iterations.jsonl:
//
//   {iteration, generation_cost, retry_cost, guide_cost, iteration_cost, cumulative_cost,
//    prompt_tokens, completion_tokens, model_name, candidate_score, global_best_before/after, ...,
//    call_roles[], call_model_names[], call_prompt_tokens[], call_completion_tokens[], call_costs[]}
//
// -> the origin of the one program that iteration made: model = the last generation / retry call's
//    model, tokens and cost = the sum over its generation and retry calls (guide calls, which
//    write paradigms rather than this program, are left out; without call lists: model_name,
//    prompt_tokens, completion_tokens, generation_cost + retry_cost). An iteration is given to a
//    program only when exactly one LLM-made program (not a migrant copy, not the seed) carries it;
//    otherwise the importer warns (origin-ambiguous) rather than guess.
// -> counters: one sample per row at its iteration: cumulative_cost, and running sums of
//    prompt / completion tokens as cumulative_input_tokens / cumulative_output_tokens.
import path from 'node:path';
import type { ImportWarning, ProgramOrigin, ProgramRecord } from '../trace/schema';
import type { CounterSample } from '../trace/searchState';
import { isFile, isObject, readLines } from './inputFiles';

const finite = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : null);
const count = (v: unknown) => (typeof v === 'number' && Number.isInteger(v) && v >= 0 ? v : null);
const list = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);

export type IterationUsage = Omit<ProgramOrigin, 'operator'>;

export interface UsageFile {
  byIteration: Map<number, IterationUsage>;
  counters: CounterSample[];
}

function usageOf(row: Record<string, unknown>): IterationUsage {
  const roles = list(row.call_roles);
  if (roles.length) {
    const made = roles.flatMap((r, i) => (r === 'generation' || r === 'retry' ? [i] : []));
    const sum = (key: string) => (made.length ? made.reduce((s, i) => s + (finite(list(row[key])[i]) ?? 0), 0) : null);
    const last = made.length ? list(row.call_model_names)[made[made.length - 1]] : null;
    return { model: typeof last === 'string' ? last : null, promptTokens: sum('call_prompt_tokens'), completionTokens: sum('call_completion_tokens'), cost: sum('call_costs') };
  }
  const gen = finite(row.generation_cost);
  const retry = finite(row.retry_cost);
  return {
    model: typeof row.model_name === 'string' && row.model_name !== 'unknown' ? row.model_name : null,
    promptTokens: finite(row.prompt_tokens),
    completionTokens: finite(row.completion_tokens),
    cost: gen != null || retry != null ? (gen ?? 0) + (retry ?? 0) : null,
  };
}

/** iterations.jsonl at the run root, or null when there is none. */
export async function readIterationUsage(root: string, rel: (abs: string) => string): Promise<UsageFile | null> {
  const file = path.join(root, 'iterations.jsonl');
  if (!isFile(file)) return null;
  const byIteration = new Map<number, IterationUsage>();
  const counters: CounterSample[] = [];
  let input = 0;
  let output = 0;
  for await (const { value } of readLines(file, rel(file))) {
    if (!isObject(value)) continue;
    const it = count(value.iteration);
    if (it == null) continue;
    byIteration.set(it, usageOf(value));
    input += count(value.prompt_tokens) ?? 0;
    output += count(value.completion_tokens) ?? 0;
    const cost = finite(value.cumulative_cost);
    counters.push({ at: { iteration: it }, values: { ...(cost != null ? { cumulative_cost: cost } : {}), cumulative_input_tokens: input, cumulative_output_tokens: output } });
  }
  return { byIteration, counters };
}

/** Program id -> the usage of the iteration that made it (see the header); ambiguous iterations warned. */
export function usageByProgram(programs: ProgramRecord[], usage: UsageFile, warnings: ImportWarning[]): Map<string, IterationUsage> {
  const makers = new Map<number, string[]>();
  for (const p of programs) {
    const madeByLlm = !p.isMigrant && p.iteration != null && (p.parents?.length || p.iteration > 0);
    if (madeByLlm) makers.set(p.iteration!, [...(makers.get(p.iteration!) ?? []), p.externalId]);
  }
  const out = new Map<string, IterationUsage>();
  let ambiguous = 0;
  for (const [it, ids] of makers) {
    const u = usage.byIteration.get(it);
    if (!u) continue;
    if (ids.length === 1) out.set(ids[0], u);
    else ambiguous += ids.length;
  }
  if (ambiguous) {
    warnings.push({
      code: 'origin-ambiguous',
      message: `${ambiguous} programs share their iteration with another LLM-made program (a merge, a rejected proposal): iterations.jsonl cannot say whose model, tokens and cost they were, so they are left out`,
      count: ambiguous,
      file: 'iterations.jsonl',
    });
  }
  return out;
}

// The search state a LLaMEA / BLADE run holds (issue 12): its LLM calls' cost and tokens, as
// the seed's cumulative counters over time, from conversationlog.jsonl. LLaMEA keeps a single
// population, no programs database: everything else is said missing.
//
// Mapping: one counter sample per model answer (a completed LLM call), at the answer's time
// (conversation times, read as UTC like the programs' timestamps) and, when the turns are linked
// to log.jsonl rows (llameaConversation.ts), the linked program's iteration:
//   cumulative_cost          = costs of every entry so far (the prompt's cost is the input's)
//   cumulative_output_tokens = tokens of every answer so far
//   cumulative_input_tokens  = tokens of every prompt so far, only when some prompt counts any
//                              (BLADE writes 0 for every prompt: not counted, so absent)
//   iterations               = turns so far, only when linked (a turn is then one row: one
//                              program generated, evaluated and logged)
import type { ProgramRecord } from '../trace/schema';
import type { CounterSample, SearchStateInput } from '../trace/searchState';
import { isPrompt, parseLogTime, type ConversationEntry, type ConversationLink } from './llameaConversation';

const NO_DATABASE = {
  config: 'LLaMEA keeps no programs database: its settings (method, budget) are the run configuration',
  islands: 'LLaMEA evolves one population, not islands',
  clusters: 'LLaMEA does not cluster programs',
  resets: 'LLaMEA has no islands to reset',
  migrations: 'LLaMEA has no islands to migrate between',
  featureMaps: 'LLaMEA keeps no MAP-Elites grid',
};

export function llameaState(entries: ConversationEntry[] | null, link: ConversationLink | null, programs: ProgramRecord[]): SearchStateInput {
  if (!entries?.length) {
    const why = 'no conversationlog.jsonl: the run records no LLM calls';
    return { missing: { ...NO_DATABASE, counters: why, costs: why, tokens: why } };
  }
  const linked = link?.turns != null;
  const inputCounted = entries.some((e) => isPrompt(e) && (e.tokens ?? 0) > 0);
  const anyCost = entries.some((e) => e.cost != null);
  const counters: CounterSample[] = [];
  let cost = 0;
  let input = 0;
  let output = 0;
  let turns = 0;
  for (const e of entries) {
    cost += e.cost ?? 0;
    if (isPrompt(e)) {
      input += e.tokens ?? 0;
      continue;
    }
    output += e.tokens ?? 0;
    const iteration = linked ? (programs[turns]?.iteration ?? null) : null;
    turns++;
    const timestamp = parseLogTime(e.time);
    if (timestamp == null && iteration == null) continue; // a moment needs a clock; the final sample below keeps the totals
    counters.push({
      at: { ...(iteration != null ? { iteration } : {}), ...(timestamp != null ? { timestamp } : {}) },
      values: {
        ...(anyCost ? { cumulative_cost: cost } : {}),
        cumulative_output_tokens: output,
        ...(inputCounted ? { cumulative_input_tokens: input } : {}),
        ...(linked ? { iterations: turns } : {}),
      },
    });
  }
  if (!counters.length) {
    const last = programs.reduce<number | null>((m, p) => (p.iteration != null && (m == null || p.iteration > m) ? p.iteration : m), null);
    if (last != null) {
      counters.push({ at: { iteration: last }, values: { ...(anyCost ? { cumulative_cost: cost } : {}), cumulative_output_tokens: output, ...(inputCounted ? { cumulative_input_tokens: input } : {}) } });
    }
  }
  const missing: Record<string, string> = { ...NO_DATABASE };
  if (!anyCost) missing.costs = 'conversationlog.jsonl records no cost';
  if (!inputCounted) missing.tokens = 'input tokens are not counted: every prompt in conversationlog.jsonl has 0 tokens (BLADE does not count them); output tokens are';
  return { counters, missing };
}

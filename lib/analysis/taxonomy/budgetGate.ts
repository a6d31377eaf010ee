// The budget caps of a judging batch (maxEdits, maxTokens, maxCostUsd): whether the next edit may
// start. A batch stops before it would pass a cap, so an edit's cost has to be guessed before it is
// sent: the guess is the largest cost of an answered (not cached) edit so far, reserved for every
// edit in flight. Until the first answer there is no guess, so only one edit is sent at a time (that
// first one can pass a token or cost cap: nothing tells its size beforehand).
import type { JudgeBudget } from '../../contracts/llmTypes';

export interface Spend {
  done: number;
  promptTokens: number;
  completionTokens: number;
  costUsd: number;
}

export interface SpentEdit {
  cached: boolean;
  promptTokens: number;
  completionTokens: number;
  costUsd: number;
}

export function budgetGate(budget: JudgeBudget, spent: Spend) {
  let done = spent.done;
  let tokens = spent.promptTokens + spent.completionTokens;
  let cost = spent.costUsd;
  let inFlight = 0;
  let tokenGuess: number | null = null;
  let costGuess: number | null = null;
  const fits = (cap: number | undefined, used: number, guess: number | null) => {
    if (cap === undefined) return true;
    if (guess === null) return inFlight === 0 && used < cap;
    return used + (inFlight + 1) * guess <= cap;
  };
  return {
    mayStart: () =>
      (budget.maxEdits === undefined || done + inFlight < budget.maxEdits) &&
      fits(budget.maxTokens, tokens, tokenGuess) &&
      fits(budget.maxCostUsd, cost, costGuess),
    started: () => void inFlight++,
    /** The edit was given up (cancel, shutdown): it stays pending and costs nothing here. */
    abandoned: () => void inFlight--,
    finished: (e: SpentEdit) => {
      inFlight--;
      done++;
      const t = e.promptTokens + e.completionTokens;
      tokens += t;
      cost += e.costUsd;
      if (!e.cached) {
        tokenGuess = Math.max(tokenGuess ?? 0, t);
        costGuess = Math.max(costGuess ?? 0, e.costUsd);
      }
    },
    inFlight: () => inFlight,
    describe: () =>
      [
        budget.maxEdits !== undefined && `${done} of at most ${budget.maxEdits} edits`,
        budget.maxTokens !== undefined && `${tokens} of at most ${budget.maxTokens} tokens`,
        budget.maxCostUsd !== undefined && `$${cost.toFixed(4)} of at most $${budget.maxCostUsd}`,
      ]
        .filter(Boolean)
        .join(', '),
  };
}

export type BudgetGate = ReturnType<typeof budgetGate>;

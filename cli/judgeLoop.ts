// Judging edits held in memory (a run folder or archive, or `judge --diffs` input), for the CLI.
// A stored run goes through a judging batch instead (lib/services/judging/runJudgeBatch.ts), which stores each
// judgement; this loop only returns them. The offline judge is synchronous; the LLM judge runs
// `concurrency` requests at once under the settings' budget caps (budgetGate.ts, the same gate a
// batch uses): edits the budget does not reach are "not judged" with the reason.
import { budgetGate } from '../lib/analysis/taxonomy/budgetGate';
import { editDiff } from '../lib/analysis/taxonomy/diff';
import type { EditLabel } from '../lib/contracts/editLabels';
import { judgeEditOffline } from '../lib/analysis/taxonomy/offlineJudge';
import { commentStyle } from '../lib/analysis/comments';
import { initParsers } from '../lib/analysis/treeSitter';
import type { LlmSettings } from '../lib/contracts/llmTypes';

export interface EditToJudge {
  parent: string;
  child: string;
  language: string | null;
  /** The diff the LLM sees; by default editDiff(parent, child). */
  diff?: string;
}

export type JudgeOutcome =
  | { status: 'judged'; labels: EditLabel[]; rationale: string }
  | { status: 'not-judged'; reason: string };

/** The offline judge's language: the stored one, else Python-looking code is python, the rest cpp. */
export function judgeLanguage(e: EditToJudge): string {
  return e.language ?? (commentStyle(null, `${e.parent}\n${e.child}`) === 'hash' ? 'python' : 'cpp');
}

export async function judgeOfflineAll(edits: readonly EditToJudge[]): Promise<JudgeOutcome[]> {
  await initParsers();
  return edits.map((e) => {
    try {
      const j = judgeEditOffline(e.parent, e.child, judgeLanguage(e));
      return { status: 'judged', labels: j.labels, rationale: j.rationale };
    } catch (err) {
      // One odd source must not stop the other edits.
      return { status: 'not-judged', reason: `the offline judge failed: ${(err as Error)?.message ?? String(err)}` };
    }
  });
}

export interface LlmSpend {
  requests: number;
  cached: number;
  promptTokens: number;
  completionTokens: number;
  costUsd: number;
}

/** All edits through the LLM judge, in their order; `spend` adds up what it cost. */
export async function judgeLlmAll(
  edits: readonly EditToJudge[],
  settings: LlmSettings,
  log: (l: string) => void,
): Promise<{ outcomes: JudgeOutcome[]; spend: LlmSpend }> {
  const { judgeDiffWithLlm } = await import('../lib/services/judging/judge'); // the openai client loads only for the LLM judge
  const outcomes: JudgeOutcome[] = new Array(edits.length);
  const spend: LlmSpend = { requests: 0, cached: 0, promptTokens: 0, completionTokens: 0, costUsd: 0 };
  const gate = budgetGate(settings.budget, { done: 0, promptTokens: 0, completionTokens: 0, costUsd: 0 });
  let next = 0;
  let stopped = false;
  let lastLog = Date.now();
  let finished = 0;
  const waiters: (() => void)[] = [];
  const wake = () => waiters.splice(0).forEach((w) => w());
  const lane = async () => {
    while (next < edits.length && !stopped) {
      if (!gate.mayStart()) {
        // Nothing in flight can change the verdict: stop; else wait for an answer and ask again.
        if (gate.inFlight() === 0) stopped = true;
        else await new Promise<void>((r) => waiters.push(r));
        continue;
      }
      const i = next++;
      const e = edits[i];
      gate.started();
      const diff = e.diff ?? editDiff(e.parent, e.child).text;
      const o = await judgeDiffWithLlm(diff, { settings, language: e.language ?? undefined }).catch(
        (err: unknown) => ({ status: 'not-judged' as const, reason: `the LLM judge failed: ${(err as Error)?.message ?? String(err)}`, promptTokens: 0, completionTokens: 0, costUsd: 0 }),
      );
      const cached = o.status === 'judged' && o.cached;
      gate.finished({ cached, promptTokens: o.promptTokens, completionTokens: o.completionTokens, costUsd: o.costUsd });
      spend.requests += cached ? 0 : 1;
      spend.cached += cached ? 1 : 0;
      spend.promptTokens += o.promptTokens;
      spend.completionTokens += o.completionTokens;
      spend.costUsd += o.costUsd;
      outcomes[i] = o.status === 'judged' ? { status: 'judged', labels: o.judgement.labels, rationale: o.judgement.rationale } : { status: 'not-judged', reason: o.reason };
      finished++;
      if (Date.now() - lastLog > 2000) {
        lastLog = Date.now();
        log(`judged ${finished}/${edits.length} edits (${spend.cached} from the cache)`);
      }
      wake();
    }
    wake();
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(settings.concurrency, edits.length)) }, lane));
  if (stopped) log(`stopped at the budget cap (${gate.describe()})`);
  const reason = `budget reached (${gate.describe()})`;
  for (let i = 0; i < edits.length; i++) outcomes[i] ??= { status: 'not-judged', reason };
  return { outcomes, spend };
}

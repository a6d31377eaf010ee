// `evoscope judge <runId>`: a judging batch created and run in this process (the same code the
// worker's judge-run task runs), so every judgement is stored in edit_judgements under the judge's
// key, the LLM's tokens and cost in the batch row, and edits judged before are not judged again.
// Then the run's edits and their stored judgements are read back for printing.
import { canonicalLabels } from '../lib/contracts/editLabels';
import type { EditSetEdit } from '../lib/analysis/taxonomy/editSet';
import { llmJudgeKey, OFFLINE_JUDGE_KEY } from '../lib/contracts/taxonomyTypes';
import type { JudgeBatchResponse } from '../lib/contracts/api/taxonomySchemas';
import { activeBatch, createJudgeBatch, getJudgeBatch, JudgeBatchInputError, TERMINAL } from '../lib/db/judgeBatches';
import { realJudgeDeps } from '../lib/services/judging/judgeDeps';
import { loadRunEditSet } from '../lib/db/runEditSet';
import { loadRunJudgements, programExternalIds } from '../lib/db/runJudgementList';
import { runJudgeBatch } from '../lib/services/judging/runJudgeBatch';
import type { LlmSettings } from '../lib/contracts/llmTypes';
import { JudgeError } from './labelsFile';
import { withDatabase } from './withDatabase';
import type { JudgeOutcome } from './judgeLoop';

export interface StoredRunJudged {
  runId: string;
  judge: string;
  edits: EditSetEdit[];
  /** Child database id -> its stored judgement (absent: the budget stopped the batch before it). */
  outcomes: Map<string, JudgeOutcome>;
  externalIds: Map<string, string>;
  scores: number[];
  higherIsBetter: boolean;
}

export async function judgeStoredRun(
  runId: string,
  kind: 'offline' | 'llm',
  log: (l: string) => void,
  llmSettings: () => Promise<LlmSettings>,
): Promise<StoredRunJudged> {
  return withDatabase(log, async () => {
    const settings = kind === 'llm' ? await llmSettings() : null;
    // A batch of this judge already queued or running on the run (the worker's automatic offline
    // batch, another CLI) is adopted: run here if nobody runs it (no worker), else waited for.
    const judgeKey = settings ? llmJudgeKey(settings.model) : OFFLINE_JUDGE_KEY;
    let batch = await activeBatch(runId, judgeKey);
    if (batch) log(`adopting the ${batch.status} judging batch ${batch.id} of ${judgeKey} on this run`);
    else {
      try {
        batch = await createJudgeBatch({ runId, kind }, settings);
      } catch (e) {
        if (e instanceof JudgeBatchInputError) throw new JudgeError(e.message);
        throw e;
      }
    }
    if (!batch) throw new JudgeError(`no run with id ${runId}`);
    log(`judging batch ${batch.id} (${batch.judge}): ${batch.total} edits to judge`);
    let lastLog = 0;
    const progress = (b: JudgeBatchResponse) => {
      if (Date.now() - lastLog < 2000) return;
      lastLog = Date.now();
      log(`judged ${b.done}/${b.total} edits (${b.cached} from the cache, ${b.notJudged} not judged)`);
    };
    let result: JudgeBatchResponse | null = await runJudgeBatch(
      batch.id,
      realJudgeDeps,
      { log, onProgress: progress },
    );
    if (result && 'skipped' in result && result.skipped) {
      log(`${result.skipped}: waiting for it`);
      while (result && !TERMINAL.includes(result.status)) {
        await new Promise((r) => setTimeout(r, 500));
        result = await getJudgeBatch(runId, batch.id);
        if (result) progress(result);
      }
    }
    if (!result) throw new JudgeError(`run ${runId} was deleted while it was being judged`);
    if (result.status === 'failed') throw new JudgeError(`judging failed: ${result.error ?? 'unknown error'}`);
    if (result.status === 'budget') log(result.error ?? 'stopped at the budget cap');
    if (batch.kind === 'llm') {
      log(`LLM: ${result.cached} from the cache, ${result.promptTokens + result.completionTokens} tokens, $${result.costUsd.toFixed(4)} (stored with batch ${batch.id})`);
    }
    const set = await loadRunEditSet(runId);
    if (!set) throw new JudgeError(`run ${runId} was deleted while it was being judged`);
    const stored = await loadRunJudgements(runId, batch.judge);
    const outcomes = new Map<string, JudgeOutcome>();
    for (const [child, j] of stored) {
      outcomes.set(
        child,
        j.status === 'judged'
          ? { status: 'judged', labels: canonicalLabels(j.labels), rationale: j.rationale }
          : { status: 'not-judged', reason: j.reason ?? 'not judged' },
      );
    }
    for (const e of set.edits) {
      if (!outcomes.has(e.childId)) outcomes.set(e.childId, { status: 'not-judged', reason: result.error ?? 'not judged yet' });
    }
    return {
      runId,
      judge: batch.judge,
      edits: set.edits,
      outcomes,
      externalIds: await programExternalIds(runId),
      scores: set.scores,
      higherIsBetter: set.higherIsBetter,
    };
  });
}

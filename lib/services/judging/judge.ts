// One edit through the LLM judge: the judge cache first (lib/db/judgeCache.ts, keyed by the
// diff's hash, RUBRIC_VERSION and the model: a hit sends no request and costs nothing), else the
// rubric prompt (rubric.ts) through the client (client.ts: retries, then a typed failure), the
// answer validated and mapped into a Judgement (answer.ts) and stored in the cache. A failure
// is `not-judged` with its reason and what the attempts cost; a cancelled signal rejects with
// an AbortError, so a cancelled batch records nothing for the edit. The `language` hint is part
// of the prompt but not of the cache key: a diff's text already settles its language.
import { diffHash } from '../../analysis/taxonomy/diff';
import { RUBRIC_VERSION } from '../../contracts/taxonomyTypes';
import { getCachedJudgement, putCachedJudgement } from '../../db/judgeCache';
import { judgementFromAnswer, rubricAnswerSchema } from '../../analysis/taxonomy/answer';
import { chatJson, type Backoff } from '../../llm/client';
import { rubricMessages } from '../../analysis/taxonomy/rubric';
import type { LlmJudgeOutcome, LlmSettings } from '../../contracts/llmTypes';

export interface JudgeDiffOptions {
  settings: LlmSettings;
  signal?: AbortSignal;
  language?: string;
  backoff?: Backoff;
}

export async function judgeDiffWithLlm(diff: string, opts: JudgeDiffOptions): Promise<LlmJudgeOutcome> {
  const { settings } = opts;
  if (diff === '') return { status: 'not-judged', reason: 'the child has the same lines as its parent', promptTokens: 0, completionTokens: 0, costUsd: 0 };
  const key = { diffHash: diffHash(diff), rubricVersion: RUBRIC_VERSION, model: settings.model };
  const hit = await getCachedJudgement(key);
  if (hit) return { status: 'judged', judgement: hit.judgement, cached: true, promptTokens: 0, completionTokens: 0, costUsd: 0 };
  const r = await chatJson(settings, {
    messages: rubricMessages(diff, { language: opts.language }),
    schema: rubricAnswerSchema,
    signal: opts.signal,
    backoff: opts.backoff,
    // No max_tokens: OpenAI's newer models refuse it (they want max_completion_tokens) and
    // older servers refuse the new name; json_object answers end on their own.
  });
  if (!r.ok) return { status: 'not-judged', reason: r.reason, ...r.usage };
  const judgement = judgementFromAnswer(r.value, diff);
  await putCachedJudgement(key, { judgement, promptTokens: r.usage.promptTokens, completionTokens: r.usage.completionTokens });
  return { status: 'judged', judgement, cached: false, ...r.usage };
}

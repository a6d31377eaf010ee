// The LLM judge's answers by (diff hash, rubric version, model) (table judge_cache): a re-run of
// the same edits with the same rubric and model sends no request and costs nothing, while a
// changed rubric (RUBRIC_VERSION) or another model misses (EvoReplay keys on model and diff only,
// so its changed prompts silently returned old labels). Only successful answers are stored.
import { canonicalLabels } from '../contracts/editLabels';
import type { Judgement, LabelEvidence } from '../contracts/taxonomyTypes';
import { prisma } from './client';

export interface JudgeCacheKey {
  diffHash: string;
  rubricVersion: string;
  model: string;
}

export interface CachedJudgement {
  judgement: Judgement;
  /** What the answer cost when it was first obtained. */
  promptTokens: number;
  completionTokens: number;
}

export async function getCachedJudgement(key: JudgeCacheKey): Promise<CachedJudgement | null> {
  const row = await prisma().judgeCache.findUnique({ where: { diffHash_rubricVersion_model: key } });
  if (!row) return null;
  return {
    judgement: { labels: canonicalLabels(row.labels), rationale: row.rationale, evidence: (row.evidence ?? {}) as LabelEvidence },
    promptTokens: row.promptTokens,
    completionTokens: row.completionTokens,
  };
}

/** Stores (or replaces: two batches may judge the same diff at once) one answer. */
export async function putCachedJudgement(key: JudgeCacheKey, value: CachedJudgement): Promise<void> {
  const data = {
    labels: [...value.judgement.labels],
    rationale: value.judgement.rationale,
    evidence: value.judgement.evidence as object,
    promptTokens: value.promptTokens,
    completionTokens: value.completionTokens,
  };
  await prisma().judgeCache.upsert({ where: { diffHash_rubricVersion_model: key }, create: { ...key, ...data }, update: data });
}

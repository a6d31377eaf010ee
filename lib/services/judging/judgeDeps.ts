// The real judges a judging batch runs: the offline judge (tree-sitter, in-process) and the LLM
// judge (lib/llm: OpenAI-compatible endpoint, judge_cache, retries). Tests of the loop inject their own.
import { judgeEditOffline } from '../../analysis/taxonomy/offlineJudge';
import { initParsers } from '../../analysis/treeSitter';
import { judgeDiffWithLlm } from './judge';
import { loadLlmSettings } from '../llmSettings';
import type { JudgeDeps } from './runJudgeBatch';

export const realJudgeDeps: JudgeDeps = {
  initOffline: () => initParsers(),
  judgeOffline: (parent, child, language) => judgeEditOffline(parent, child, language),
  loadLlmSettings: () => loadLlmSettings(),
  judgeLlm: (diff, opts) => judgeDiffWithLlm(diff, opts),
};

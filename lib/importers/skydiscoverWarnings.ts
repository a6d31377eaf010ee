// What a SkyDiscover run lacks, as import warnings (never filled in): one code per gap, so the
// import report and the run page can say which source did not hold what.
import type { ImportWarning, ProgramRecord } from '../trace/schema';
import type { Json } from './openevolveProgram';

const finite = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : null);

export interface SkyFacts {
  programs: ProgramRecord[];
  rejected: number;
  search: string | null;
  summary: Json | null;
  llmUsage: Json | null;
  bestProgramInfo: Json | null;
  withPrompts: number;
  skippedFiles: number;
}

export function skyWarnings(f: SkyFacts): ImportWarning[] {
  const out: ImportWarning[] = [];
  const ids = new Set(f.programs.map((p) => p.externalId));
  const ghosts = f.programs.filter((p) => p.parents?.some((pa) => !ids.has(pa.externalId))).length;
  if (ghosts) out.push({ code: 'lineage-unknown', message: `lineage unknown for ${ghosts} programs: their parent is in no checkpoint`, count: ghosts });
  const lostContext = f.programs.reduce((s, p) => s + (p.contextRefs ?? []).filter((c) => !ids.has(c.externalId)).length, 0);
  if (lostContext) {
    out.push({ code: 'context-unknown', message: `${lostContext} programs shown as context are in no checkpoint: their context edges point nowhere`, count: lostContext });
  }
  const withOrigin = f.programs.filter((p) => p.origin && (p.origin.model != null || p.origin.promptTokens != null || p.origin.cost != null)).length;
  if (withOrigin < f.programs.length) {
    const n = f.programs.length - withOrigin;
    out.push({
      code: 'origin-partial',
      message: `${n} programs have no LLM model, token counts or cost: SkyDiscover's program files record only the mutation label (parent_info), and no iterations.jsonl names the iteration's calls; the run's totals are in summary.json / llm_usage.json`,
      count: n,
    });
  }
  const made = f.programs.filter((p) => p.parents?.length && !p.isMigrant).length;
  if (f.withPrompts < made) {
    const n = made - f.withPrompts;
    out.push({ code: 'prompts-missing', message: `${n} of ${made} LLM-made programs have no prompts (log_prompts off, or a copy saved before they were logged)`, count: n });
  }
  if (!f.summary) out.push({ code: 'summary-missing', message: 'no summary.json: the run\'s budget, cost, call counts and reported best score are unknown', file: 'summary.json' });
  if (!f.llmUsage) out.push({ code: 'llm-usage-missing', message: 'no llm_usage.json: the run\'s token counts are unknown', file: 'llm_usage.json' });
  if (!f.bestProgramInfo) out.push({ code: 'best-info-missing', message: 'no best/best_program_info.json: the best program\'s test re-evaluation is unknown', file: 'best/best_program_info.json' });
  if (f.search === 'gepa_native') {
    out.push({
      code: 'rejected-window',
      message: `${f.rejected} rejected programs read from gepa_metadata.json rejection_history, which keeps only the last max_rejection_history (default 20) at each checkpoint: programs rejected and pushed out between two checkpoints are lost`,
      count: f.rejected,
    });
  }
  const reported = finite(f.summary?.best_score);
  const bestId = typeof f.bestProgramInfo?.id === 'string' ? f.bestProgramInfo.id : null;
  const best = bestId ? f.programs.find((p) => p.externalId === bestId) : null;
  if (reported != null && best && best.score != null && Math.abs(best.score - reported) > 1e-9 * Math.max(1, Math.abs(reported))) {
    out.push({ code: 'best-score-mismatch', message: `summary.json best_score ${reported} differs from the score of best program ${bestId} (${best.score})` });
  }
  if (bestId && !best) out.push({ code: 'best-program-missing', message: `best/best_program_info.json names program ${bestId}, which is in no checkpoint` });
  const noIsland = f.programs.filter((p) => p.island == null).length;
  if (noIsland && noIsland < f.programs.length) out.push({ code: 'island-unknown', message: `island unknown for ${noIsland} programs`, count: noIsland });
  if (f.skippedFiles) out.push({ code: 'files-skipped', message: `${f.skippedFiles} non-JSON entries in programs/ directories ignored`, count: f.skippedFiles });
  return out;
}

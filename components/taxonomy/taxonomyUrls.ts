// URLs of the taxonomy views and APIs, built in one place (permalinks: ?judge=, ?label=). Pure.
import { OFFLINE_JUDGE_KEY } from '@/lib/contracts/taxonomyTypes';
import { isEditLabel, type EditLabel } from '@/lib/contracts/editLabels';

export type EditSort = 'seq' | 'scoreChange' | '-scoreChange';

type SearchParams = Record<string, string | string[] | undefined>;
const first = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);

/** ?judge= and ?label= of the taxonomy page: the offline judge and no label unless valid ones are given. */
export function taxonomyViewParams(sp: SearchParams): { judge: string; label: EditLabel | null } {
  const judge = first(sp.judge)?.trim();
  const label = first(sp.label)?.trim();
  return {
    judge: judge && judge.length <= 300 ? judge : OFFLINE_JUDGE_KEY,
    label: label && isEditLabel(label) ? label : null,
  };
}

/** The page's query for a judge and label; the defaults are left out so plain links stay plain. */
export function taxonomyQuery(judge: string, label: EditLabel | null): string {
  const q = new URLSearchParams();
  if (judge !== OFFLINE_JUDGE_KEY) q.set('judge', judge);
  if (label) q.set('label', label);
  const s = q.toString();
  return s ? `?${s}` : '';
}

export function judgementsUrl(
  runId: string,
  p: { judge: string; label?: EditLabel; sort?: EditSort; limit?: number; cursor?: string; format?: 'labels' },
): string {
  const q = new URLSearchParams({ judge: p.judge });
  if (p.label) q.set('label', p.label);
  if (p.sort) q.set('sort', p.sort);
  if (p.limit) q.set('limit', String(p.limit));
  if (p.cursor) q.set('cursor', p.cursor);
  if (p.format) q.set('format', p.format);
  return `/api/runs/${runId}/judgements?${q}`;
}

/** The diff page of an edit (the child against its first parent), with the judge whose evidence to mark. */
export const taxonomyDiffHref = (runId: string, childId: string, judge: string) =>
  `/runs/${runId}/programs/${childId}/diff?judge=${encodeURIComponent(judge)}`;

export const pooledTaxonomyUrl = (runIds: readonly string[], judge: string) =>
  `/api/taxonomy?runs=${runIds.join(',')}&judge=${encodeURIComponent(judge)}`;

/** "offline@2" -> "Offline judge (v2)"; "llm:gpt-x@rubric-1" -> "LLM gpt-x (rubric-1)". */
export function judgeTitle(key: string): string {
  const off = /^offline@(.+)$/.exec(key);
  if (off) return `Offline judge (v${off[1]})`;
  const llm = /^llm:(.+)@([^@]+)$/.exec(key);
  if (llm) return `LLM ${llm[1]} (${llm[2]})`;
  return key;
}

// The agreement page's figures (pure): the judge against each reviewer, and every pair of
// reviewers, with lib/analysis/taxonomy/agreement.ts's report and the items where the two
// labellings differ. A reviewer is the reference (`a`) against the judge, as the human
// re-annotation is in the paper's B.4; between reviewers the first assigned is `a`.
import { agreement } from '../analysis/taxonomy/agreement';
import { canonicalLabels, type EditLabel } from '../contracts/editLabels';
import type { AgreementReport } from '../contracts/taxonomyTypes';

export interface Labelling {
  /** 'judge:<key>' for a judge, else the reviewer key (user id, 'local', 'gold:<name>'). */
  key: string;
  name: string;
  kind: 'judge' | 'reviewer';
  labels: Map<string, readonly string[]>;
}

export interface AgreementItem {
  id: string;
  position: number;
  runId: string;
  childId: string;
  parentId: string;
}

export interface Disagreement {
  position: number;
  runId: string;
  childId: string;
  parentId: string;
  a: EditLabel[];
  b: EditLabel[];
}

export interface AgreementPair {
  a: { key: string; name: string; kind: 'judge' | 'reviewer' };
  b: { key: string; name: string; kind: 'judge' | 'reviewer' };
  report: AgreementReport;
  disagreements: Disagreement[];
}

const sameSet = (x: readonly string[], y: readonly string[]) => x.length === y.length && x.every((l, i) => l === y[i]);

export function agreementPair(items: readonly AgreementItem[], a: Labelling, b: Labelling): AgreementPair {
  const disagreements: Disagreement[] = [];
  for (const item of items) {
    const la = a.labels.get(item.id);
    const lb = b.labels.get(item.id);
    if (la === undefined || lb === undefined) continue;
    const ca = canonicalLabels(la);
    const cb = canonicalLabels(lb);
    if (!sameSet(ca, cb)) disagreements.push({ position: item.position, runId: item.runId, childId: item.childId, parentId: item.parentId, a: ca, b: cb });
  }
  const strip = ({ key, name, kind }: Labelling) => ({ key, name, kind });
  return { a: strip(a), b: strip(b), report: agreement(a.labels, b.labels), disagreements };
}

/** Judge vs each reviewer first (when a judge is given), then each pair of reviewers in order. */
export function agreementPairs(items: readonly AgreementItem[], judge: Labelling | null, reviewers: readonly Labelling[]): AgreementPair[] {
  const out: AgreementPair[] = [];
  if (judge) for (const r of reviewers) out.push(agreementPair(items, r, judge));
  for (let i = 0; i < reviewers.length; i++) for (let j = i + 1; j < reviewers.length; j++) out.push(agreementPair(items, reviewers[i], reviewers[j]));
  return out;
}

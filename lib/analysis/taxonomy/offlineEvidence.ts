// Shared pieces of the offline judge's rules: the collector of labels, reasons and evidence
// lines, and small token / routine helpers.
import type { EditLabel } from '../../contracts/editLabels';
import type { Program } from './offlineTypes';
import type { Routine } from './offlineSyntax';
import type { Token } from './offlineTokens';

/** One finding of a rule: a label, the reason (for the rationale) and its evidence lines (0-based). */
export interface Finding {
  label: EditLabel;
  reason: string;
  added: number[];
  removed: number[];
}

/**
 * Labels with their reasons (for the rationale) and evidence lines (stored 1-based). Each finding
 * is kept with its own lines, so that the decision rule (offlineDecide.ts) can drop the findings
 * another label explains and keep the label only while a finding of its own remains.
 */
export class Collector {
  readonly findings: Finding[] = [];
  add(label: EditLabel, reason: string, added: Iterable<number> = [], removed: Iterable<number> = []) {
    this.findings.push({ label, reason, added: [...added], removed: [...removed] });
  }
  has(label: EditLabel) {
    return this.findings.some((x) => x.label === label);
  }
  /** The label's findings. */
  of(label: EditLabel) {
    return this.findings.filter((x) => x.label === label);
  }
  /** The label's distinct reasons, in the order found. */
  reasons(label: EditLabel) {
    return [...new Set(this.of(label).map((x) => x.reason))];
  }
  get size() {
    return new Set(this.findings.map((x) => x.label)).size;
  }
  /** Labels found, in the order first found. */
  labels() {
    return [...new Set(this.findings.map((x) => x.label))];
  }
  /** The label's 1-based evidence lines. */
  lines(label: EditLabel, side: 'added' | 'removed') {
    const out = new Set<number>();
    for (const x of this.of(label)) for (const l of x[side]) out.add(l + 1);
    return [...out].sort((a, b) => a - b);
  }
  /** Forget the label, or only its findings matching `which`. */
  drop(label: EditLabel, which: (x: Finding) => boolean = () => true) {
    for (let k = this.findings.length - 1; k >= 0; k--) if (this.findings[k].label === label && which(this.findings[k])) this.findings.splice(k, 1);
  }
}

export const lines = (toks: Token[], from: number, to: number) => new Set(toks.slice(from, to).map((t) => t.line));
export const texts = (toks: Token[]) => toks.map((t) => t.text);

/** Routine containing a 0-based line, if any. */
export const routineAt = (rs: Routine[], line: number) => rs.find((r) => r.start <= line && line <= r.end);
export const tokensOf = (p: Program, r: Routine) => p.tokens.slice(p.lineStart[r.start], p.lineStart[Math.min(r.end + 1, p.lineStart.length - 1)]);

export const range = (a: number, b: number) => Array.from({ length: b - a + 1 }, (_, k) => a + k);

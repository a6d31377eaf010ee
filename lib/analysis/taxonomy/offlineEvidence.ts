// Shared pieces of the offline judge's rules: the collector of labels, reasons and evidence
// lines, and small token / routine helpers.
import type { EditLabel } from '../../contracts/editLabels';
import type { Program } from './offlineTypes';
import type { Routine } from './offlineSyntax';
import type { Token } from './offlineTokens';

/** Labels with their reasons (for the rationale) and evidence lines (stored 1-based). */
export class Collector {
  readonly added = new Map<EditLabel, Set<number>>();
  readonly removed = new Map<EditLabel, Set<number>>();
  readonly why = new Map<EditLabel, string[]>();
  add(label: EditLabel, reason: string, added: Iterable<number> = [], removed: Iterable<number> = []) {
    if (!this.why.has(label)) {
      this.why.set(label, []);
      this.added.set(label, new Set());
      this.removed.set(label, new Set());
    }
    const why = this.why.get(label)!;
    if (!why.includes(reason)) why.push(reason);
    for (const l of added) this.added.get(label)!.add(l + 1);
    for (const l of removed) this.removed.get(label)!.add(l + 1);
  }
  has(label: EditLabel) {
    return this.why.has(label);
  }
  drop(label: EditLabel) {
    this.why.delete(label);
    this.added.delete(label);
    this.removed.delete(label);
  }
}

export const lines = (toks: Token[], from: number, to: number) => new Set(toks.slice(from, to).map((t) => t.line));
export const texts = (toks: Token[]) => toks.map((t) => t.text);

/** Routine containing a 0-based line, if any. */
export const routineAt = (rs: Routine[], line: number) => rs.find((r) => r.start <= line && line <= r.end);
export const tokensOf = (p: Program, r: Routine) => p.tokens.slice(p.lineStart[r.start], p.lineStart[Math.min(r.end + 1, p.lineStart.length - 1)]);

export const range = (a: number, b: number) => Array.from({ length: b - a + 1 }, (_, k) => a + k);

// PREPARE the report's measured numbers (issue 13): each claim names a number as written in its
// part of the report and the tool call whose result holds it (toolCallIdx; null: found in no tool
// result). A linker splits the part's text into plain runs and claim numbers, so the page links
// each number to its call (#call-N) and marks an unlinked one "unverified". Pure.
//
// Matching is textual: a value matches where it stands as a whole number (not inside 12.65 or
// x812). The same value claimed twice in a part (e.g. measured by two calls) takes the claims in
// their order, one per occurrence; later occurrences keep the last one. The linker keeps that
// state across the text nodes of one part (the Markdown parser splits a paragraph at **, `, ...).
import type { Claim, ReportPart } from '@/lib/trace/diagnosis';

export type Segment = { text: string; claim?: undefined } | { text: string; claim: Claim };

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A claim's anchor on the page: the tool call that measured it. */
export const callAnchor = (idx: number) => `call-${idx}`;

export function claimLinker(claims: readonly Claim[], part: ReportPart): (text: string) => Segment[] {
  const mine = claims.filter((c) => c.part === part && c.value.trim() !== '');
  const queues = new Map<string, Claim[]>();
  for (const c of mine) queues.set(c.value, [...(queues.get(c.value) ?? []), c]);
  const used = new Map<string, number>();
  // Longest values first, so "2.6351" wins over a claim of "2" at the same place.
  const values = [...queues.keys()].sort((a, b) => b.length - a.length);
  const re = values.length ? new RegExp(`(?<![\\w.])(?:${values.map(escape).join('|')})(?![\\w]|\\.\\d)`, 'g') : null;
  const take = (value: string): Claim => {
    const q = queues.get(value)!;
    const n = used.get(value) ?? 0;
    used.set(value, n + 1);
    return q[Math.min(n, q.length - 1)];
  };
  return (text) => {
    if (!re) return [{ text }];
    const out: Segment[] = [];
    let last = 0;
    re.lastIndex = 0;
    for (let m = re.exec(text); m; m = re.exec(text)) {
      if (m.index > last) out.push({ text: text.slice(last, m.index) });
      out.push({ text: m[0], claim: take(m[0]) });
      last = m.index + m[0].length;
    }
    if (last < text.length) out.push({ text: text.slice(last) });
    return out;
  };
}

/** Claims whose number does not appear in their part's text (still listed, so none is lost). */
export function unplacedClaims(claims: readonly Claim[], texts: Record<ReportPart, string>): Claim[] {
  return claims.filter((c) => {
    const link = claimLinker([c], c.part);
    return !link(texts[c.part]).some((s) => s.claim);
  });
}

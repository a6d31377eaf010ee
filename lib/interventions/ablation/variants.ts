// The variants an ablation evaluates (issue 11 item 3): for a parent -> child edit, the child
// with ONE change undone at a time, so that the score each variant loses shows what that change
// carried.
//  - 'hunk': each changed region of the line diff (hunks.ts: difflib, context 0) put back to the
//    parent's lines, the rest of the edit kept.
//  - 'function' (Python and C++ only, tree-sitter): each function the edit touched replaced by the
//    parent's function of the same qualified name. A function the edit added is removed; one it
//    deleted is put back where it stood. If that breaks the program (a removed function is still
//    called), the variant fails in the evaluator and the report says 'failed': that is an answer
//    too (the rest of the edit depends on it).
//  - 'whole': the parent itself, a sanity check (its score should be the parent's).
// Variants with the same source are evaluated once: the first in plan order (hunks, functions,
// whole) is kept and its label names the others ("hunk 1 (= function solve, = whole edit)"), as a
// one-hunk edit's hunk is the whole edit. A variant equal to the child (nothing undone) is left out.
import type { KnobLanguage } from '../../contracts/interventionTypes';
import { functionSpans, type FunctionSpan } from './functions';
import { childLineOf, lineEdit, revertHunk, span1, type LineEdit } from './hunks';

export type AblationUnit = 'hunk' | 'function' | 'whole';

export interface AblationVariantPlan {
  unit: AblationUnit;
  /** "hunk 1" (1-based, file order), "function Class.method", "whole edit (the parent)"; names deduplicated twins. */
  label: string;
  /** The hunk's "@@ -a,b +c,d @@", or what reverting the function does and its lines. */
  header: string;
  /** 1-based inclusive line ranges the variant takes from the parent / undoes in the child (null: none). */
  parentLines: [number, number] | null;
  childLines: [number, number] | null;
  source: string;
}

export interface AblationOptions {
  /** Also revert each touched function (needs `await initParsers()` before the call). */
  functions: boolean;
}

/**
 * The ablation plan of an edit, in evaluation order. `language`: a tree-sitter language for the
 * function variants, or null (hunks and whole only).
 */
export function ablationVariants(parent: string, child: string, language: KnobLanguage | null, opts: AblationOptions): AblationVariantPlan[] {
  const edit = lineEdit(parent, child);
  const plans: AblationVariantPlan[] = edit.hunks.map((h) => ({
    unit: 'hunk',
    label: `hunk ${h.index + 1}`,
    header: h.header,
    parentLines: span1(h.parentStart, h.parentEnd),
    childLines: span1(h.childStart, h.childEnd),
    source: revertHunk(edit, h),
  }));
  if (opts.functions && language) plans.push(...functionVariants(edit, language, parent, child));
  plans.push({ unit: 'whole', label: 'whole edit (the parent)', header: 'the parent program', parentLines: span1(0, edit.parent.length), childLines: span1(0, edit.child.length), source: parent });

  const kept: AblationVariantPlan[] = [];
  const bySource = new Map<string, { plan: AblationVariantPlan; twins: string[] }>();
  for (const p of plans) {
    if (p.source === child) continue;
    const first = bySource.get(p.source);
    if (first) {
      first.twins.push(p.unit === 'whole' ? 'whole edit' : p.label);
      continue;
    }
    const entry = { plan: { ...p }, twins: [] as string[] };
    bySource.set(p.source, entry);
    kept.push(entry.plan);
  }
  for (const { plan, twins } of bySource.values()) if (twins.length) plan.label += ` (= ${twins.join(', = ')})`;
  return kept;
}

/** True when a 0-based half-open changed range touches the span: overlaps it, or (a pure deletion) falls strictly inside it. */
function touches(span: FunctionSpan, from: number, to: number): boolean {
  return to > from ? from <= span.end && to > span.start : span.start < from && from <= span.end;
}

function functionVariants(edit: LineEdit, language: KnobLanguage, parent: string, child: string): AblationVariantPlan[] {
  const inParent = functionSpans(parent, language);
  const inChild = functionSpans(child, language);
  const parentByKey = new Map(inParent.map((f) => [f.key, f]));
  const childByKey = new Map(inChild.map((f) => [f.key, f]));
  const touched = new Set<string>();
  for (const h of edit.hunks) {
    for (const f of inChild) if (touches(f, h.childStart, h.childEnd)) touched.add(f.key);
    for (const f of inParent) if (touches(f, h.parentStart, h.parentEnd)) touched.add(f.key);
  }
  // File order of the child (then functions only the parent had, in the parent's order).
  const order = [...inChild.map((f) => f.key), ...inParent.map((f) => f.key).filter((k) => !childByKey.has(k))].filter((k) => touched.has(k));
  const lines = (from: string[], a: number, b: number) => from.slice(a, b);
  // A parent function taken from the end of a file without a final newline gets one when lines follow it.
  const join = (parts: string[]) => parts.map((l, k) => (k < parts.length - 1 && !l.endsWith('\n') ? `${l}\n` : l)).join('');
  return order.map((key): AblationVariantPlan => {
    const p = parentByKey.get(key);
    const c = childByKey.get(key);
    const label = `function ${key}`;
    if (p && c) {
      const source = join([...lines(edit.child, 0, c.start), ...lines(edit.parent, p.start, p.end + 1), ...lines(edit.child, c.end + 1, edit.child.length)]);
      return { unit: 'function', label, header: `${key}: child lines ${c.start + 1}-${c.end + 1} replaced by the parent's lines ${p.start + 1}-${p.end + 1}`, parentLines: [p.start + 1, p.end + 1], childLines: [c.start + 1, c.end + 1], source };
    }
    if (c) {
      // The blank lines that separated it go with it (before it at the end of the file), so that
      // removing an added function gives the child as it was without it, not with a gap.
      const blank = (k: number) => k >= 0 && k < edit.child.length && edit.child[k].trim() === '';
      let from = c.start;
      let to = c.end + 1;
      while (blank(to)) to++;
      if (to === edit.child.length) while (blank(from - 1)) from--;
      const source = [...lines(edit.child, 0, from), ...lines(edit.child, to, edit.child.length)].join('');
      return { unit: 'function', label, header: `${key}: added by the edit, removed (child lines ${c.start + 1}-${c.end + 1})`, parentLines: null, childLines: [c.start + 1, c.end + 1], source };
    }
    const at = childLineOf(edit, p!.start);
    const source = join([...lines(edit.child, 0, at), ...lines(edit.parent, p!.start, p!.end + 1), ...lines(edit.child, at, edit.child.length)]);
    return { unit: 'function', label, header: `${key}: deleted by the edit, put back (parent lines ${p!.start + 1}-${p!.end + 1}) before child line ${at + 1}`, parentLines: [p!.start + 1, p!.end + 1], childLines: null, source };
  });
}

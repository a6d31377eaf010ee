// The reviewing screen's keys (EvoReplay's, issue 10): one letter per label, Enter saves and goes
// on, s skips, Backspace goes back, n opens the note, ? the rubric. Pure, so the mapping is tested
// without a browser and the screen only dispatches.
import type { EditLabel } from '../contracts/editLabels';

export const LABEL_KEYS: Record<string, EditLabel> = {
  h: 'hyperparameter_tuning',
  l: 'local_refinement',
  a: 'architectural_change',
  c: 'composition',
  e: 'efficiency',
  b: 'bug_fix',
  p: 'pruning',
  r: 'refactor',
  x: 'external_dependency',
};

export const KEY_OF_LABEL = Object.fromEntries(Object.entries(LABEL_KEYS).map(([k, l]) => [l, k])) as Record<EditLabel, string>;

export type ReviewAction =
  | { kind: 'toggle'; label: EditLabel }
  | { kind: 'save' }
  | { kind: 'skip' }
  | { kind: 'back' }
  | { kind: 'note' }
  | { kind: 'rubric' }
  | { kind: 'close' };

export interface KeyPress {
  key: string;
  ctrlKey?: boolean;
  metaKey?: boolean;
  altKey?: boolean;
}

/** The action of a key press on the screen (not in the note field); null: not ours (left to the browser). */
export function reviewKeyAction(e: KeyPress): ReviewAction | null {
  if (e.ctrlKey || e.metaKey || e.altKey) return null;
  if (e.key === 'Enter') return { kind: 'save' };
  if (e.key === 'Backspace') return { kind: 'back' };
  if (e.key === '?') return { kind: 'rubric' };
  if (e.key === 'Escape') return { kind: 'close' };
  const k = e.key.length === 1 ? e.key.toLowerCase() : '';
  if (k === 's') return { kind: 'skip' };
  if (k === 'n') return { kind: 'note' };
  const label = LABEL_KEYS[k];
  return label ? { kind: 'toggle', label } : null;
}

/** Whether a key press happens while typing (a text field): then no review key fires. */
export function isTypingTarget(el: { tagName?: string; isContentEditable?: boolean; type?: string; closest?: (s: string) => unknown } | null): boolean {
  if (!el) return false;
  // Monaco's hidden textarea is not a place the reviewer types (the editor is read-only).
  if (el.closest?.('.monaco-editor')) return false;
  const tag = (el.tagName ?? '').toLowerCase();
  if (tag === 'textarea' || el.isContentEditable) return true;
  if (tag === 'input') return !['checkbox', 'radio', 'button', 'submit'].includes((el.type ?? 'text').toLowerCase());
  return tag === 'select';
}

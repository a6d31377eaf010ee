// Prepare for the per-component diff (GEPA candidates: named prompts as one componentsText):
// pairs the components of two texts by name, in the modified side's order, then those only
// the original has. Pure; ComponentsDiff draws what it returns.
import { splitComponents } from '@/lib/trace/components';

export type ComponentChange = 'changed' | 'same' | 'added' | 'removed';

export interface ComponentPair {
  name: string;
  original: string;
  modified: string;
  change: ComponentChange;
}

/** Null unless at least one side is a components text (then the other side's plain text is no component). */
export function componentPairs(original: string, modified: string): ComponentPair[] | null {
  const a = splitComponents(original);
  const b = splitComponents(modified);
  if (!a && !b) return null;
  const left = new Map((a ?? []).map((c) => [c.name, c.text]));
  const right = new Map((b ?? []).map((c) => [c.name, c.text]));
  const names = [...right.keys(), ...[...left.keys()].filter((n) => !right.has(n))];
  return names.map((name) => {
    const o = left.get(name);
    const m = right.get(name);
    const change: ComponentChange = o === undefined ? 'added' : m === undefined ? 'removed' : o === m ? 'same' : 'changed';
    return { name, original: o ?? '', modified: m ?? '', change };
  });
}

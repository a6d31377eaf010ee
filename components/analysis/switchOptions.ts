// Options of the definitions and scope switches: each a permalink to the same view with one
// choice changed and the others kept. Pure.
import type { CyclingScope, Definitions } from '@/lib/contracts/analysisTypes';
import type { SwitchOption } from './ViewSwitch';

export const DEFINITIONS_LABELS: Record<Definitions, string> = {
  default: 'Evoscope default',
  evoreplay: 'EvoReplay-compatible',
};
export const SCOPE_LABELS: Record<CyclingScope, string> = {
  lineage: 'Lineage',
  run: 'Run-wide',
};

/** `path` with the query `params` (insertion order kept; empty values dropped). */
export function hrefWith(path: string, params: Record<string, string | undefined>): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== '') q.set(k, v);
  const s = q.toString();
  return s ? `${path}?${s}` : path;
}

export function scopeOptions(path: string, keep: Record<string, string | undefined>): SwitchOption[] {
  return (['lineage', 'run'] as const).map((scope) => ({ value: scope, label: SCOPE_LABELS[scope], href: hrefWith(path, { ...keep, scope }) }));
}

export function definitionsOptions(path: string, keep: Record<string, string | undefined>): SwitchOption[] {
  return (['default', 'evoreplay'] as const).map((definitions) => ({
    value: definitions,
    label: DEFINITIONS_LABELS[definitions],
    href: hrefWith(path, { ...keep, definitions }),
  }));
}

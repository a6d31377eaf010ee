// What the three GEPA layouts (gepaRunDir.ts, gepaAgentTree.ts, gepaOptimizeAnything.ts) share:
// a candidate (component name -> text, or one plain text) as code + components, the lineage
// check every layout runs before it yields programs (an index out of range or a cycle of parents
// fails the import with the file and entry named), and the refusal of a pickle-only folder.
import { componentsText } from '../trace/components';
import path from 'node:path';
import { ImportError, type ProgramRecord, type RunRecord } from '../trace/schema';
import { isObject } from './inputFiles';

/** The files Evoscope reads from gepa's output, for messages. */
export const READABLE_FILES =
  'a run_dir with run_log.json + candidates.json, an agent-state tree (iterations/<id>/meta.json, components/*.txt, ' +
  'val_scores.json, pareto/*_front.json), or an optimize_anything output folder (candidates.jsonl, progress_log.jsonl, ' +
  'evals/, summary.json)';

/** Why a folder holding only gepa_state.bin is refused; the pickle itself is never opened. */
export const STATE_ONLY_MESSAGE =
  'holds only gepa_state.bin, a Python pickle: Evoscope never loads one (unpickling runs whatever code it holds). ' +
  `It reads ${READABLE_FILES}. optimize_anything writes its output folder wherever OptimizeAnythingConfig.output_dir ` +
  'points (default outputs/optimize_anything/<name>/<engine>/<timestamp>); import that folder instead';

/**
 * Refuses a component name that would break the header line componentsText writes (a line break
 * would let one component's text pose as another's header in every diff and analysis).
 */
export function checkComponentNames(names: Iterable<string>, where: { file: string; entry: string }): void {
  for (const name of names) {
    if (!name || /[\r\n]/.test(name) || name.length > 300) {
      throw new ImportError(`${where.entry}: component name ${JSON.stringify(name.slice(0, 60))} is empty, longer than 300 characters or holds a line break`, where.file);
    }
  }
}

/** A candidate's text as one code string plus its named components (null for a plain text). */
export function candidateText(
  value: unknown,
  order: readonly string[] | undefined,
  where: { file: string; entry: string },
): { code: string; components: Record<string, string> | null } {
  if (typeof value === 'string') return { code: value, components: null };
  if (isObject(value) && Object.values(value).every((v) => typeof v === 'string')) {
    const components = value as Record<string, string>;
    checkComponentNames(Object.keys(components), where);
    return { code: componentsText(components, order), components };
  }
  throw new ImportError(`${where.entry}: a candidate must be a text or an object of named texts`, where.file);
}

/** Where a parent link was read, so an error can name it. */
export interface LinkSource {
  file: string;
  entry: string;
}

/**
 * Refuses a lineage that cannot be stored: a parent that is no program of the run (an index out
 * of range), or a cycle of parents. `sourceOf(child, parent)` names the entry that made the link.
 */
export function checkLineage(programs: ProgramRecord[], sourceOf: (child: string, parent: string) => LinkSource): void {
  const ids = new Set(programs.map((p) => p.externalId));
  const parentsOf = new Map<string, string[]>();
  for (const p of programs) {
    const parents = (p.parents ?? []).map((r) => r.externalId);
    for (const parent of parents) {
      if (!ids.has(parent)) {
        const s = sourceOf(p.externalId, parent);
        throw new ImportError(`${s.entry}: parent ${parent} of program ${p.externalId} is no candidate of the run`, s.file);
      }
    }
    parentsOf.set(p.externalId, parents);
  }
  // Iterative depth-first search: 0 unseen, 1 on the current path, 2 done.
  const mark = new Map<string, number>();
  for (const start of ids) {
    if (mark.get(start)) continue;
    const stack: { id: string; next: number }[] = [{ id: start, next: 0 }];
    mark.set(start, 1);
    while (stack.length) {
      const top = stack[stack.length - 1];
      const parents = parentsOf.get(top.id) ?? [];
      if (top.next >= parents.length) {
        mark.set(top.id, 2);
        stack.pop();
        continue;
      }
      const parent = parents[top.next++];
      const m = mark.get(parent) ?? 0;
      if (m === 1) {
        const path = stack.slice(stack.findIndex((f) => f.id === parent)).map((f) => f.id);
        const s = sourceOf(top.id, parent);
        throw new ImportError(`${s.entry}: a cycle of parents (${[...path, parent].join(' -> ')})`, s.file);
      }
      if (m === 0) {
        mark.set(parent, 1);
        stack.push({ id: parent, next: 0 });
      }
    }
  }
}

/** A list of finite numbers, or null. */
export function numbers(v: unknown): number[] | null {
  return Array.isArray(v) && v.every((x) => typeof x === 'number' && Number.isFinite(x)) ? (v as number[]) : null;
}

export const finite = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : null);

/** The mean of a per-instance score map (GEPA's aggregate when the file lacks one). */
export function mean(scores: Record<string, unknown> | null): number | null {
  const xs = scores ? Object.values(scores).filter((x): x is number => typeof x === 'number' && Number.isFinite(x)) : [];
  return xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : null;
}

/** A program index as GEPA writes it (a non-negative integer), else null. */
export const index = (v: unknown) => (typeof v === 'number' && Number.isInteger(v) && v >= 0 ? v : null);

/** The run record every GEPA layout yields: named after its folder, scored by `scoreMetric`, higher is better. */
export function gepaRunRecord(root: string, name: string | undefined, scoreMetric: string, meta: Record<string, unknown>): RunRecord {
  return {
    name: name ?? path.basename(root),
    framework: 'gepa',
    task: path.basename(root),
    scoreMetric,
    higherIsBetter: true,
    meta: { gepa: meta },
    sourceKind: 'directory',
    sourcePath: root,
  };
}

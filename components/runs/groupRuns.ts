// The runs list's rows, prepared: runs imported together (an import group the API reports) sit
// under one group row, placed where the group's first run falls in the chosen sort; the group
// keeps that sort inside. Pure, so the table only renders what this returns.
import type { ImportGroup, RunSummary } from '@/lib/contracts/api/runs';

export type RunsListItem =
  | { kind: 'run'; run: RunSummary }
  | { kind: 'group'; group: ImportGroup; runs: RunSummary[] };

export function groupRuns(sorted: readonly RunSummary[], groups: readonly ImportGroup[]): RunsListItem[] {
  const byId = new Map(groups.map((g) => [g.id, g]));
  const items: RunsListItem[] = [];
  const open = new Map<string, Extract<RunsListItem, { kind: 'group' }>>();
  for (const run of sorted) {
    const group = run.importJobId ? byId.get(run.importJobId) : undefined;
    if (!group) {
      items.push({ kind: 'run', run });
      continue;
    }
    let item = open.get(group.id);
    if (!item) {
      item = { kind: 'group', group, runs: [] };
      open.set(group.id, item);
      items.push(item);
    }
    item.runs.push(run);
  }
  return items;
}

/** Link to the compare page for every run of an import (not only those the filters show). */
export function compareHref(runIds: readonly string[]): string {
  return `/compare?runs=${runIds.join(',')}`;
}

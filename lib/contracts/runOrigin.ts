// How runs that share a name are told apart (issue 24, item 2): the same data uploaded twice, or
// six runs all called "QOS", read the same in a list. Each run is known by its import date, where
// it came from ("archive qos.zip", "folder QOS", "command line QOS") and a short id (the first 8
// hex digits of its uuid). One definition for the runs list, the pickers, the upload page and the
// CLI. Dates are UTC and never the viewer's locale, so server and browser render the same text.

/** What the database knows of a run's source: its import job (kind, name) and the importer's own words. */
export interface RunSource {
  /** import_jobs.kind: 'archive' | 'folder' (browser uploads), 'path' (the CLI); null: no import (live ingestion). */
  importKind: string | null;
  /** import_jobs.source_name: the archive's, folder's or path's own name. */
  importSource: string | null;
  /** runs.source_kind: 'directory', 'file', 'http', 'demo', ... */
  sourceKind: string;
}

/** "1a2b3c4d": the first 8 hex digits of a run's uuid. */
export function shortRunId(id: string): string {
  return id.replace(/-/g, '').slice(0, 8);
}

/** "2026-11-28 09:12 UTC" */
export function importDateLabel(iso: string): string {
  return `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;
}

/** Where a run came from, in a few words: "archive qos.zip", "folder QOS", "command line QOS", "live ingestion". */
export function runOrigin(s: RunSource): string {
  if (s.sourceKind === 'demo' || s.sourceKind === 'generated') return 'demo data';
  if (s.sourceKind === 'http') return 'live ingestion';
  const name = s.importSource ?? '';
  if (s.importKind === 'archive') return `archive ${name}`.trim();
  if (s.importKind === 'folder') return `folder ${name}`.trim();
  if (s.importKind === 'path') return `command line ${name}`.trim();
  return s.sourceKind;
}

export interface NamedRun {
  id: string;
  name: string;
  importedAt: string;
  origin: string;
}

/** "QOS · 2026-11-28 09:12 UTC · archive qos.zip · 1a2b3c4d": a run told apart from others of its name. */
export function distinguishedName(r: NamedRun): string {
  return [r.name, importDateLabel(r.importedAt), r.origin, shortRunId(r.id)].join(' · ');
}

/**
 * Each run's label in a list where some share a name: the plain name when it is the only run
 * of that name, else the distinguished one. Keyed by run id.
 */
export function runLabels(runs: readonly NamedRun[]): Map<string, string> {
  const byName = new Map<string, number>();
  for (const r of runs) byName.set(r.name, (byName.get(r.name) ?? 0) + 1);
  return new Map(runs.map((r) => [r.id, (byName.get(r.name) ?? 0) > 1 ? distinguishedName(r) : r.name]));
}

/** "run QOS (1a2b3c4d), imported on 2026-11-28 09:12 UTC from archive qos.zip" */
export function describeStoredRun(r: NamedRun): string {
  return `run ${r.name} (${shortRunId(r.id)}), imported on ${importDateLabel(r.importedAt)} from ${r.origin}`;
}

/** What an import that repeats stored runs is told: "this is run QOS (1a2b3c4d), imported on ... from ...". */
export function duplicateMessage(existing: readonly NamedRun[]): string {
  return `this is ${existing.map(describeStoredRun).join('; it is also ')}`;
}

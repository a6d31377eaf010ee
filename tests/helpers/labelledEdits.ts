// The labelled edits of tests/fixtures/taxonomy/labelled-edits.jsonl with their sources: the
// fixture holds only (run, child id, labels, note); the parent and child programs are read at
// test time from the demo generator (lib/demo) and from ../shared/real-runs through the
// importers, as `analyze` reads a folder. A missing folder, run or program is an error, never a skip.
import fs from 'node:fs';
import path from 'node:path';
import { generateDemoRuns } from '../../lib/services/demo/demoRuns';
import { readRunsFromPath } from '../../lib/importers/index';
import { canonicalLabels, type EditLabel } from '../../lib/contracts/editLabels';
import { realRunsDir } from './cli';

export const LABELLED_EDITS = path.resolve('tests/fixtures/taxonomy/labelled-edits.jsonl');
/** The second set (issue 25): 226 edits labelled before any judge ran on them. */
export const LABELLED_EDITS_V2 = path.resolve('tests/fixtures/taxonomy/labelled-edits-v2.jsonl');

export interface LabelledSource {
  /** `run/child`: the edit's id in agreement maps. */
  id: string;
  run: string;
  child: string;
  labels: EditLabel[];
  note: string;
  parentCode: string;
  childCode: string;
  language: string;
}

interface Row {
  run: string;
  child: string;
  labels: string[];
  note: string;
}

export function readLabelledRows(file = LABELLED_EDITS): Row[] {
  return fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .filter((l) => l.trim())
    .map((l, k) => {
      const r = JSON.parse(l) as Row;
      if (!r.run || !r.child || !Array.isArray(r.labels) || !r.note) throw new Error(`${path.basename(file)} line ${k + 1}: needs run, child, labels, note`);
      return r;
    });
}

/** Every labelled edit with its parent and child source; throws when any cannot be found. */
export async function loadLabelledSources(file = LABELLED_EDITS): Promise<LabelledSource[]> {
  const rows = readLabelledRows(file);
  const programs = new Map<string, Map<string, { code: string; parent: string | null; language: string }>>();
  const runNames = [...new Set(rows.map((r) => r.run))];
  if (runNames.some((r) => r.startsWith('Demo'))) {
    for (const run of await generateDemoRuns()) {
      programs.set(run.config.name, new Map(run.programs.map((p) => [p.id, { code: p.code, parent: p.parentId, language: p.language }])));
    }
  }
  const root = realRunsDir();
  for (const name of runNames.filter((r) => !r.startsWith('Demo'))) {
    const [dir, runName] = name.includes('/') ? name.split('/') : [name, name];
    const folder = path.join(root, dir);
    if (!fs.existsSync(folder)) throw new Error(`real run folder not found: ${folder} (set EVOSCOPE_REAL_RUNS)`);
    const run = (await readRunsFromPath(folder)).find((r) => r.run.name === runName);
    if (!run) throw new Error(`no run "${runName}" in ${dir}`);
    programs.set(name, new Map(run.programs.map((p) => [p.externalId, { code: p.code ?? '', parent: p.parents?.[0]?.externalId ?? null, language: p.language ?? 'python' }])));
  }
  return rows.map((r) => {
    const progs = programs.get(r.run);
    const child = progs?.get(r.child);
    if (!progs || !child) throw new Error(`labelled edit ${r.run}/${r.child}: child program not found`);
    const parent = child.parent ? progs.get(child.parent) : undefined;
    if (!parent) throw new Error(`labelled edit ${r.run}/${r.child}: parent program not found`);
    return { id: `${r.run}/${r.child}`, run: r.run, child: r.child, labels: canonicalLabels(r.labels), note: r.note, parentCode: parent.code, childCode: child.code, language: child.language };
  });
}

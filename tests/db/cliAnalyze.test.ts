// `evoscope analyze` on a run folder (no database) and on a stored run: the EvoReplay-compatible
// figures for the QOS run equal EvoReplay's own (shared/reference/evoreplay-qos.json), and the
// stored-run path gives the same figures as the folder path.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { disconnect, pool } from '../../lib/db/client';
import { migrate } from '../../lib/runtime/migrate';
import { realRunsDir, runCli } from '../helpers/cli';

const QOS = path.join(realRunsDir(), 'openevolve__bochen-sysnet__QOS__qaoa-frozenqubits');
const referenceFile = path.resolve(process.env.EVOSCOPE_REFERENCE ?? path.join(realRunsDir(), '..', 'reference', 'evoreplay-qos.json'));
const runIds: string[] = [];

beforeAll(async () => {
  expect(fs.existsSync(QOS), QOS).toBe(true);
  expect(fs.existsSync(referenceFile), referenceFile).toBe(true);
  await migrate(process.env.DATABASE_URL!);
});
afterAll(async () => {
  await pool().query('DELETE FROM runs WHERE id = ANY($1::uuid[])', [runIds]);
  await disconnect();
});

const SUMMARY_KEYS = [
  'programs', 'editsAnalysed', 'cycleEvents', 'uniqueCycledLines', 'totalAdded', 'recycledAdded', 'totalRemoved',
  'recycledRemoved', 'literal', 'tuning', 'trivial', 'composition', 'bestSoFarEvents', 'finalBestLineageDepth', 'deadBranchShare',
];

async function analyze(target: string, ...flags: string[]) {
  const r = await runCli(['analyze', target, '--json', ...flags]);
  expect(r.code, r.stderr).toBe(0);
  const lines = r.stdout.trim().split('\n');
  expect(lines).toHaveLength(1);
  return JSON.parse(lines[0]);
}

describe('evoscope analyze', () => {
  it('reproduces EvoReplay on the QOS folder with --definitions evoreplay', async () => {
    const ref = JSON.parse(fs.readFileSync(referenceFile, 'utf8'));
    const out = await analyze(QOS, '--definitions', 'evoreplay');
    expect(out.scope).toBe('run');
    expect(Object.keys(out.summary).slice(0, SUMMARY_KEYS.length)).toEqual(SUMMARY_KEYS);
    const d = ref.detect_cycling_default;
    expect(out.summary).toMatchObject({
      programs: d.programs_loaded,
      editsAnalysed: d.edits_analysed,
      cycleEvents: d.cycle_events,
      uniqueCycledLines: d.unique_cycled_lines,
      totalAdded: d.sum_total_added,
      recycledAdded: d.sum_recycled_added,
      totalRemoved: d.sum_total_removed,
      recycledRemoved: d.sum_recycled_removed,
      literal: ref.classify_cycles.events_by_class.literal,
      tuning: ref.classify_cycles.events_by_class.tuning,
      trivial: ref.classify_cycles.events_by_class.trivial,
      composition: {
        pure_tuning: ref.classify_edits.buckets['pure-tuning'],
        mostly_tuning: ref.classify_edits.buckets['mostly-tuning'],
        mixed: ref.classify_edits.buckets.mixed,
        mostly_structural: ref.classify_edits.buckets['mostly-structural'],
        pure_structural: ref.classify_edits.buckets['pure-structural'],
      },
    });
    expect(out.edits).toHaveLength(d.edits_analysed);
    expect(Object.keys(out.edits[0])).toEqual(['parentId', 'childId', 'iteration', 'added', 'recycledAdded', 'removed', 'recycledRemoved', 'bucket']);
    expect(out.edits.reduce((s: number, e: { recycledAdded: number }) => s + e.recycledAdded, 0)).toBe(d.sum_recycled_added);
  });

  it('gives the same figures for the stored run as for its folder', async () => {
    const imp = await runCli(['import', QOS, '--again', '--json', '--name', 'analyze-cli-test']);
    expect(imp.code, imp.stderr).toBe(0);
    const { runId } = JSON.parse(imp.stdout.trim());
    runIds.push(runId);
    for (const flags of [['--definitions', 'evoreplay'], ['--scope', 'lineage'], ['--scope', 'run']]) {
      const fromDir = await analyze(QOS, ...flags);
      const fromDb = await analyze(runId, ...flags);
      expect(fromDb.summary, flags.join(' ')).toEqual(fromDir.summary);
      expect(fromDb.edits).toEqual(fromDir.edits);
    }
  });

  it('analyzes the SkyDiscover run as an OpenEvolve run: folder and stored run give the same EvoReplay figures', async () => {
    const sky = path.join(realRunsDir(), 'skydiscover__Forrest-Stone__adaevolve__circle-packing-0413');
    const fromDir = await analyze(sky, '--definitions', 'evoreplay');
    // 83 programs; 79 edits: the 81 parent links less the 2 whose parent is in no checkpoint
    expect(fromDir).toMatchObject({ run: 'circle_packing_0413_1927', definitions: 'evoreplay', scope: 'run', summary: { programs: 83, editsAnalysed: 79 } });
    const imp = await runCli(['import', sky, '--again', '--json', '--name', 'analyze-cli-sky']);
    expect(imp.code, imp.stderr).toBe(0);
    const { runId } = JSON.parse(imp.stdout.trim());
    runIds.push(runId);
    const fromDb = await analyze(runId, '--definitions', 'evoreplay');
    expect(fromDb.summary).toEqual(fromDir.summary);
    expect(fromDb.edits).toEqual(fromDir.edits);
  });

  it('rejects unknown definitions with a usage error', async () => {
    const r = await runCli(['analyze', QOS, '--definitions', 'paper']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/--definitions must be default or evoreplay/);
  });
});

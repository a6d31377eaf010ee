// The shared real SkyDiscover run (AdaEvolve on circle packing, n = 26; SOURCES.md section 6):
// 83 programs only in the union of its 10 checkpoints. The figures are counted independently
// from the files (Python, json.load over checkpoints/*/programs/*.json, merged by id): 83 ids,
// 81 with a parent_id, 79 of them in the archive (2 parents are in no checkpoint), 15 migrant
// copies (metadata.migrated_from), 38 with validity 0, 66 with prompts; best = ff88e748 (iteration
// 52, combined_score 0.9209667270150225 = summary.json best_score = best_program_info.json).
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { analysisProgramsFromRecords } from '../analysis/fromTrace';
import { analyzeRun } from '../analysis/analyzeRun';
import { readRunsFromPath } from './index';

const RUN = path.resolve(process.env.EVOSCOPE_REAL_RUNS ?? '../shared/real-runs', 'skydiscover__Forrest-Stone__adaevolve__circle-packing-0413');
const OUT = path.join(RUN, 'outputs/adaevolve/circle_packing_0413_1927');
const json = (rel: string) => JSON.parse(fs.readFileSync(path.join(OUT, rel), 'utf8'));

describe('the real SkyDiscover AdaEvolve run', () => {
  it('has 83 programs over 10 checkpoints, their parents and the recorded best score', async () => {
    expect(fs.existsSync(RUN), `real run missing at ${RUN} (set EVOSCOPE_REAL_RUNS)`).toBe(true);
    const runs = await readRunsFromPath(RUN);
    expect(runs).toHaveLength(1);
    const r = runs[0];
    expect(r.run).toMatchObject({ framework: 'skydiscover', name: 'circle_packing_0413_1927', scoreMetric: 'combined_score', language: 'python' });
    expect(r.stats).toMatchObject({ checkpointsMerged: 10, programs: 83, migrants: 15, invalidPrograms: 38, programsWithPrompts: 66 });
    const ids = new Set(r.programs.map((p) => p.externalId));
    expect(r.programs.filter((p) => p.parents?.length).length).toBe(81);
    expect(r.programs.reduce((s, p) => s + (p.parents ?? []).filter((x) => ids.has(x.externalId)).length, 0)).toBe(79);
    expect(r.warnings.find((w) => w.code === 'lineage-unknown')?.count).toBe(2);

    const summary = json('summary.json');
    const info = json('best/best_program_info.json');
    const best = r.programs.find((p) => p.externalId === info.id)!;
    expect(best.score).toBe(summary.best_score);
    expect(best.score).toBe(info.metrics.combined_score);
    expect(best.parents).toEqual([{ externalId: info.parent_id, operator: 'exploit' }]);
    expect(best.iteration).toBe(info.iteration);
    expect(Math.max(...r.programs.filter((p) => p.valid).map((p) => p.score!))).toBe(summary.best_score);
    expect(r.warnings.map((w) => w.code)).not.toContain('best-score-mismatch');
    expect(r.run.budget).toEqual(summary);
    expect(r.searchState?.counters).toEqual([{ at: { iteration: 100 }, values: { iterations: 100, cumulative_cost: summary.total_cost } }]);
    expect(r.searchState?.snapshots).toHaveLength(10);
    // operators: AdaEvolve's explore / exploit labels, '' (balanced) left unnamed, migrant copies
    const ops = new Map<string, number>();
    for (const p of r.programs) ops.set(String(p.origin?.operator ?? null), (ops.get(String(p.origin?.operator ?? null)) ?? 0) + 1);
    expect(Object.fromEntries(ops)).toEqual({ explore: 29, exploit: 28, migration: 15, null: 11 });
  });

  it('runs the EvoReplay analyses on it as on an OpenEvolve run', async () => {
    const [r] = await readRunsFromPath(RUN, { forAnalysis: true });
    const { summary } = analyzeRun(analysisProgramsFromRecords(r.programs), { definitions: 'evoreplay', scope: 'run', higherIsBetter: true });
    expect(summary).toBeTruthy();
  });
});

// The database page's prepared numbers, against values worked by hand from the seed's definitions.
import { describe, expect, it } from 'vitest';
import { clustersApply, clusterTable, clustersCsv, islandTemperature } from './clusterModel';
import { countersModel } from './countersModel';
import { featureGrid, NO_SCORE_FILL, prepareFeatureMap } from './featureMapModel';
import { prepareLanes } from './lanesModel';

const config = { cluster_sampling_temperature_init: 0.1, cluster_sampling_temperature_period: 6, functions_per_prompt: 2 };
const island = (over: object) => ({ island: 0, size: 3, bestScore: 0.5, bestProgram: 'a', ...over });
const sigmoid1 = 1 / (1 + Math.exp(-1));

describe('islandTemperature', () => {
  it('computes T from storedSinceReset on the cyclic schedule: 0.1 * (1 - 3/6) = 0.05', () => {
    expect(islandTemperature(island({ storedSinceReset: 3 }), config)).toMatchObject({ temperature: 0.05, source: 'schedule', n: 3, cyclic: true });
    // 6 stored: a new cycle starts at init.
    expect(islandTemperature(island({ storedSinceReset: 6 }), config).temperature).toBe(0.1);
  });
  it('prefers the temperature the snapshot states, and says why when it has none', () => {
    expect(islandTemperature(island({ temperature: 0.07, storedSinceReset: 3 }), config)).toMatchObject({ temperature: 0.07, source: 'stated' });
    expect(islandTemperature(island({}), config)).toMatchObject({ temperature: null, why: expect.stringContaining('stored since its last reset') });
    expect(islandTemperature(island({ storedSinceReset: 2 }), {}).why).toMatch(/cluster_sampling_temperature_init/);
  });
});

describe('clusterTable', () => {
  const clusters = [
    { scoresPerTest: { t1: 0.5 }, score: 0.5, programs: ['a', 'b'] },
    { scoresPerTest: { t1: 0.3, t2: 0.45 }, programs: ['c'] },
  ];
  it('samples clusters with softmax(score / T) and programs with softmax(-normalised length)', () => {
    const t = clusterTable(island({ storedSinceReset: 3, clusters }), config, { a: 100, b: 200, c: 50 }, { a: 'uuid-a' });
    // (0.5 - 0.45) / 0.05 = 1 -> p = sigmoid(1); cluster 2's score is its last test (0.45).
    expect(t.clusters[0].probability).toBeCloseTo(sigmoid1, 12);
    expect(t.clusters[1]).toMatchObject({ score: 0.45, scoreSource: 'reduced', size: 1 });
    expect(t.clusters[1].probability).toBeCloseTo(1 - sigmoid1, 12);
    // lengths 100, 200 -> normalised 0, 100 / (100 + 1e-6) ~ 1 -> sigmoid(1) for the shorter.
    expect(t.clusters[0].programs[0]).toMatchObject({ externalId: 'a', programId: 'uuid-a', length: 100 });
    expect(t.clusters[0].programs[0].probability).toBeCloseTo(sigmoid1, 6);
    expect(t.clusters[1].programs[0].probability).toBe(1);
    expect(t).toMatchObject({ fallback: null, promptSkipped: false, fewerClustersThanNeeded: false });
  });
  it('gives different probabilities at a different moment of the schedule', () => {
    const early = clusterTable(island({ storedSinceReset: 0, clusters }), config, {});
    // T = 0.1: (0.05 / 0.1) = 0.5 -> sigmoid(0.5).
    expect(early.clusters[0].probability).toBeCloseTo(1 / (1 + Math.exp(-0.5)), 12);
    expect(early.clusters[0].programsNote).toMatch(/lengths are unknown/);
    expect(early.clusters[0].programs[0].probability).toBeNull();
  });
  it('flags the seed edge cases: no clusters, fewer clusters than functions_per_prompt, uniform fallback', () => {
    expect(clusterTable(island({ storedSinceReset: 1, clusters: [] }), config, {})).toMatchObject({ promptSkipped: true, recorded: true });
    expect(clusterTable(island({ storedSinceReset: 1, clusters: [clusters[0]] }), config, {}).fewerClustersThanNeeded).toBe(true);
    const bad = clusterTable(island({ storedSinceReset: 1, clusters: [{ scoresPerTest: { t: 'x' }, programs: ['a'] }, clusters[0]] }), config, {});
    expect(bad.fallback).toMatch(/uniform/);
    expect(bad.clusters.map((c) => c.probability)).toEqual([0.5, 0.5]);
    expect(clusterTable(island({ storedSinceReset: 1 }), config, {}).recorded).toBe(false);
  });
  it('exports one CSV row per program with the cluster columns', () => {
    const t = clusterTable(island({ storedSinceReset: 3, clusters }), config, { a: 100, b: 200, c: 50 });
    const lines = clustersCsv(t, 0, 7).trim().split('\n');
    expect(lines).toHaveLength(4);
    expect(lines[3]).toBe(`7,0,0.05,1,0.45,1,${t.clusters[1].probability},"{""t1"":0.3,""t2"":0.45}",c,50,1`);
  });
});

const m = (iteration: number) => ({ iteration, timestamp: null, stored: null });
describe('prepareLanes', () => {
  it('draws a lane per island, resets with their donor and migrations between lanes', () => {
    const snap = (seq: number, it: number) => ({ seq, kind: 'checkpoint', at: m(it), islands: [0, 1].map((i) => ({ island: i, size: 2 + i, bestScore: 0.1 * seq, bestProgram: null, temperature: null, clusters: null, featureCells: null })) });
    const chart = prepareLanes(
      {
        snapshots: [snap(0, 0), snap(1, 10)],
        events: [
          { seq: 0, kind: 'reset', at: m(5), island: 1, otherIsland: 0, program: 'p', source: null },
          { seq: 1, kind: 'migration', at: m(6), island: 0, otherIsland: 1, program: null, source: null },
        ],
      },
      500,
    );
    expect(chart.clock).toBe('iteration');
    expect(chart.lanes.map((l) => l.island)).toEqual([0, 1]);
    expect(chart.resets).toEqual([expect.objectContaining({ island: 1, donor: 0, label: expect.stringContaining('from island 0') })]);
    expect(chart.migrations[0]).toMatchObject({ from: 1, to: 0 });
    expect(chart.migrations[0].y1).toBeGreaterThan(chart.migrations[0].y2);
    const [x0, x1] = [chart.snapshotX.get(0)!, chart.snapshotX.get(1)!];
    expect(chart.resets[0].x).toBeCloseTo((x0 + x1) / 2, 6);
  });
});

describe('countersModel and featureGrid', () => {
  it('leaves out counters the source does not keep and reads the value at the moment', () => {
    const c = countersModel(
      [
        { seq: 0, at: m(0), values: { iterations: 0, cumulative_cost: 0 } },
        { seq: 1, at: m(10), values: { iterations: 10, cumulative_cost: 0.5 } },
      ],
      m(5),
    );
    expect(c.series.map((s) => s.key)).toEqual(['iterations', 'cumulative_cost']);
    expect(c.series[1]).toMatchObject({ final: 0.5, atMoment: 0 });
  });
  it('places OpenEvolve cells "col-row" on a grid', () => {
    expect(featureGrid({ '0-1': 'a', '3-0': 'b' })).toMatchObject({ twoD: true, cols: 4, rows: 2 });
    expect(featureGrid({ x: 'a' }).twoD).toBe(false);
  });
});

describe('prepareFeatureMap', () => {
  const grid = featureGrid({ '0-0': 'a', '3-1': 'b', '9-9': 'c' });
  const scores: Record<string, number> = { a: 0.2, b: 0.9 };
  const f = prepareFeatureMap(grid, { feature_dimensions: ['complexity', 'diversity'], feature_bins: 10 }, (p) => scores[p] ?? null, 560);

  it('names the axes after the feature dimensions and spans every bin, not just the occupied ones', () => {
    expect(f.x).toMatchObject({ name: 'complexity', bins: 10 });
    expect(f.y).toMatchObject({ name: 'diversity', bins: 10 });
    // (560 - 58 - 12) / 10 = 49 -> capped at 30 px a cell
    expect(f.cell).toBe(30);
    expect(f.plot.right - f.plot.left).toBe(300);
    expect(f.x.ticks.map((t) => t.label)).toEqual(['0', '1', '2', '3', '4', '5', '6', '7', '8', '9']);
    // bin 0 of the second feature is the bottom row
    expect(f.y.ticks[0].pos).toBe(f.plot.bottom - 15);
  });

  it('colours cells by score with a legend over the scores shown; unscored elites grey', () => {
    expect(f.legend).toMatchObject({ min: 0.2, max: 0.9 });
    const [a, b, c] = f.cells;
    expect(a.fill).not.toBe(b.fill);
    expect(c.fill).toBe(NO_SCORE_FILL);
    expect(b.x).toBe(f.plot.left + 3 * 30);
    expect(b.y).toBe(f.plot.top + (10 - 1 - 1) * 30);
  });

  it('thins bin labels on a fine grid and falls back to the cells without a config', () => {
    const fine = prepareFeatureMap(featureGrid({ '0-0': 'a', '49-49': 'b' }), null, () => null, 560);
    expect(fine.x.name).toBe('feature 1');
    expect(fine.x.bins).toBe(50);
    expect(fine.cell).toBe(9);
    expect(fine.x.ticks.map((t) => t.label).slice(0, 3)).toEqual(['0', '3', '6']);
    expect(fine.legend).toBeNull();
  });
});

describe('clustersApply', () => {
  const isl = (over: object) => ({ island: 0, ...over });
  it('applies to a FunSearch database, even when a snapshot lacks clusters', () => {
    expect(clustersApply(config, { islands: [isl({})] }, null)).toBe(true);
    expect(clustersApply(null, { islands: [isl({ clusters: [{ scoresPerTest: {}, programs: [] }] })] }, null)).toBe(true);
    expect(clustersApply(null, { islands: [isl({})] }, 'the export keeps no clusters and no scores_per_test')).toBe(true);
  });
  it('does not apply to a MAP-Elites run or a source that keeps none', () => {
    expect(clustersApply({ feature_dimensions: ['complexity'] }, { islands: [isl({})] }, null)).toBe(false);
    expect(clustersApply(null, { islands: [isl({ featureMap: { '0-0': 'a' } })] }, null)).toBe(false);
    expect(clustersApply(null, { islands: [] }, 'OpenEvolve keeps a MAP-Elites grid per island, not clusters of programs by scores_per_test')).toBe(false);
    expect(clustersApply(null, { islands: [] }, 'LLaMEA does not cluster programs')).toBe(false);
  });
});

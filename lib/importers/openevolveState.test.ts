import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ImportedRun } from '../trace/schema';
import { canonicalOrder } from '../trace/order';
import { searchStateSchema, type SearchState } from '../trace/searchState';
import { readOpenEvolveRun } from './openevolve';

// The QOS run (shared/real-runs/SOURCES.md section 1). Numbers from a python3 pass over the raw
// files, independent of the importer (programs merged by id over checkpoints/*/programs + db/):
//   20 checkpoints (10..200), each metadata.json has 4 island lists.
//   checkpoint_200: sizes [9, 3, 3, 9], island_generations [105, 32, 23, 40], archive 23 ids,
//     island_feature_maps sizes [2, 2, 1, 2], map 0 = {'11-11': '68e90dc6-...', '9-3': '672ef646-...'},
//     island_best_programs' combined_score [0.5034827377347062, 0.5060616171727284, 0.5060616171727284, 0.49085985104942453],
//     feature_stats complexity min 1843 max 2218 over 100 values, last_migration_generation 90
//   checkpoint_10: sizes [10, 0, 0, 0], feature map 0 has 7 cells, island 0 best 0.42304851322560755
//   migrants (metadata.migrant): 3e2ec1f4 -> island 3, 901f2ff2 -> island 1 (both copies of
//     98108acb on island 0, timestamps 1766686180.4339588 / .4337118); daf342f8 -> island 2, copy
//     of 1a932ad8 on island 1 (1766690137.7320645)
const RUNS = process.env.EVOSCOPE_REAL_RUNS ?? path.resolve('../shared/real-runs');
const QOS = path.join(RUNS, 'openevolve__bochen-sysnet__QOS__qaoa-frozenqubits');

let run: ImportedRun;
let state: SearchState;

describe('OpenEvolve search state (QOS run)', () => {
  beforeAll(async () => {
    if (!fs.existsSync(QOS)) throw new Error(`QOS run not found: ${QOS} (set EVOSCOPE_REAL_RUNS)`);
    run = await readOpenEvolveRun(QOS);
    state = searchStateSchema.parse(run.searchState);
  });

  it('shows the islands of every checkpoint', () => {
    expect(state.snapshots).toHaveLength(20);
    expect(state.snapshots.map((s) => s.at.iteration)).toEqual(Array.from({ length: 20 }, (_, i) => 10 * (i + 1)));
    const last = state.snapshots[19];
    expect(last.islands.map((i) => i.size)).toEqual([9, 3, 3, 9]);
    expect(last.islands.map((i) => i.counters)).toEqual([{ generation: 105 }, { generation: 32 }, { generation: 23 }, { generation: 40 }]);
    expect(last.islands.map((i) => i.bestScore)).toEqual([0.5034827377347062, 0.5060616171727284, 0.5060616171727284, 0.49085985104942453]);
    expect(last.islands[0].programs).toHaveLength(9);
    expect((last.extra!.archive as string[]).length).toBe(23);
    expect(last.extra).toMatchObject({ last_migration_generation: 90, feature_stats: { complexity: { min: 1843, max: 2218, values: 100 } } });
    const first = state.snapshots[0];
    expect(first.islands.map((i) => i.size)).toEqual([10, 0, 0, 0]);
    expect(first.islands[0].bestScore).toBe(0.42304851322560755);
  });

  it('shows the feature maps per island', () => {
    const last = state.snapshots[19];
    expect(last.islands.map((i) => Object.keys(i.featureMap ?? {}).length)).toEqual([2, 2, 1, 2]);
    expect(last.islands[0].featureMap).toEqual({ '11-11': '68e90dc6-da45-4527-97d6-93bacab6cd0c', '9-3': '672ef646-13f0-44bd-a5ed-4f1e11acaf23' });
    expect(Object.keys(state.snapshots[0].islands[0].featureMap!)).toHaveLength(7);
  });

  it('shows the migrations, from the source island to the copy island', () => {
    const byCopy = Object.fromEntries(state.events.map((e) => [e.program!.slice(0, 8), e]));
    expect(state.events).toHaveLength(3);
    expect(byCopy['3e2ec1f4']).toMatchObject({ kind: 'migration', fromIsland: 0, toIsland: 3, source: '98108acb-7f07-41f3-bea7-91d48ec6750d', at: { timestamp: 1766686180.4339588 } });
    expect(byCopy['901f2ff2']).toMatchObject({ fromIsland: 0, toIsland: 1, source: '98108acb-7f07-41f3-bea7-91d48ec6750d' });
    expect(byCopy.daf342f8).toMatchObject({ fromIsland: 1, toIsland: 2, source: '1a932ad8-ecec-4bb1-a970-b57d5195dec4', at: { timestamp: 1766690137.7320645 } });
  });

  it("places each migration on the checkpoints' iteration axis too: the copy's effective iteration (its iteration_found of 0 lies)", () => {
    // Without an iteration the migrations share no clock with the snapshots (iteration only), and
    // the database page could not draw them on the island lanes.
    const effective = new Map(canonicalOrder(run.programs).map((o) => [o.item.externalId, o.effectiveIteration]));
    for (const e of state.events) {
      expect(e.at.iteration, e.program!).toBe(effective.get(e.program!));
      expect(e.at.iteration!).toBeGreaterThan(0);
    }
    expect(state.snapshots.every((s) => typeof s.at.iteration === 'number')).toBe(true);
  });

  it('says what it lacks: no config.yaml, so only the island count', () => {
    expect(state.config).toEqual({ num_islands: 4 });
    expect(Object.keys(state.missing).sort()).toEqual(['clusters', 'config', 'costs', 'counters', 'resets', 'tokens']);
  });
});

describe('OpenEvolve config.yaml database section', () => {
  let dir: string;
  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'oe-state-'));
    const cp = path.join(dir, 'checkpoints', 'checkpoint_5');
    fs.mkdirSync(path.join(cp, 'programs'), { recursive: true });
    fs.writeFileSync(path.join(cp, 'metadata.json'), JSON.stringify({ islands: [['a'], []], island_best_programs: ['a', null], last_iteration: 5 }));
    fs.writeFileSync(path.join(cp, 'programs', 'a.json'), JSON.stringify({ id: 'a', code: 'x', metrics: { combined_score: 0.5 }, iteration_found: 0, metadata: { island: 0 } }));
    fs.writeFileSync(
      path.join(dir, 'config.yaml'),
      'database:\n  num_islands: 2\n  migration_interval: 20\n  migration_rate: 0.1\n  feature_dimensions: [complexity, diversity]\n  feature_bins: 10\n  population_size: 50\n  feature_bins_weird: {a: x}\n',
    );
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('takes the migration and feature settings, the rest verbatim under other', async () => {
    const r = await readOpenEvolveRun(dir);
    const s = searchStateSchema.parse(r.searchState);
    expect(s.config).toEqual({
      num_islands: 2, migration_interval: 20, migration_rate: 0.1, feature_dimensions: ['complexity', 'diversity'], feature_bins: 10,
      other: { population_size: 50, feature_bins_weird: { a: 'x' } },
    });
    expect(s.missing.config).toBeUndefined();
    expect(s.missing.migrations).toMatch(/no program is marked/);
    expect(s.snapshots[0].islands).toEqual([
      { island: 0, size: 1, bestScore: 0.5, bestProgram: 'a', programs: ['a'] },
      { island: 1, size: 0, bestScore: null, bestProgram: null, programs: [] },
    ]);
  });
});

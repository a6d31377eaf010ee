import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ImportedRun, ProgramRecord } from '../trace/schema';
import { eohFormat, readEohRun } from './eoh';
import { funsearchFormat } from './funsearch';
import { llameaFormat } from './llamea';

// The LLM4MO multi-objective EoH populations (shared/real-runs/SOURCES.md section 5). Expected
// numbers come from a throwaway python3 pass over the raw files, independent of this importer:
//   records = sum(len(pops/population_generation_{g}.json) for g in 0..10) = 0+1+5+8*8 = 70
//   distinct (code, json.dumps(objective)) = 18, first seen at generation
//     {1: 1, 2: 4, 3: 4, 4: 3, 7: 1, 8: 1, 9: 2, 10: 2}; no code has two objectives
//   gen2-0 [-1341.27217, 1.3831] is in generations 2..10 and is pops_best for 2..10;
//   gen1-0 [-268.995, 1.14042] is in generations 1..8 and is pops_best for 1;
//   the lowest objective_0 is gen10-5 [-1433.58968, 1.62619] (EoH-MO's pops_best is not the
//   lowest objective_0: it ranks by both objectives).
const REAL = path.join(process.env.EVOSCOPE_REAL_RUNS ?? path.resolve('../shared/real-runs'), 'eoh__langkhachhoha__LLM4MO__moeoh-pops');

let r: ImportedRun;
const prog = (id: string) => r.programs.find((p) => p.externalId === id) as ProgramRecord;
const meta = (id: string) => prog(id).metadata as Record<string, unknown>;

describe('EoH multi-objective populations', () => {
  beforeAll(async () => {
    if (!fs.existsSync(REAL)) throw new Error(`real EoH results missing: ${REAL} (set EVOSCOPE_REAL_RUNS)`);
    r = await readEohRun(REAL);
  });

  it('keeps one program per distinct individual at its first generation', () => {
    expect(r.programs).toHaveLength(18);
    expect(r.stats).toMatchObject({ generationFiles: 11, bestFiles: 10, individualRecords: 70, programs: 18, invalidPrograms: 0, filesRead: 21 });
    const firstGen = new Map<number, number>();
    for (const p of r.programs) firstGen.set(p.iteration as number, (firstGen.get(p.iteration as number) ?? 0) + 1);
    expect(Object.fromEntries(firstGen)).toEqual({ 1: 1, 2: 4, 3: 4, 4: 3, 7: 1, 8: 1, 9: 2, 10: 2 });
    expect(r.programs.map((p) => p.externalId)).toEqual([
      'gen1-0', 'gen2-0', 'gen2-1', 'gen2-3', 'gen2-4', 'gen3-2', 'gen3-4', 'gen3-5', 'gen3-7',
      'gen4-3', 'gen4-4', 'gen4-7', 'gen7-4', 'gen8-6', 'gen9-5', 'gen9-7', 'gen10-5', 'gen10-7',
    ]);
    expect(r.programs.every((p) => !p.parents?.length)).toBe(true);
  });

  it('splits list objectives into metrics and minimises objective_0', () => {
    expect(r.run).toMatchObject({ framework: 'eoh', scoreMetric: 'objective_0', higherIsBetter: false, language: 'python', name: 'eoh__langkhachhoha__LLM4MO__moeoh-pops' });
    expect(prog('gen2-0')).toMatchObject({ iteration: 2, generation: 2, valid: true, score: -1341.27217, metrics: { objective_0: -1341.27217, objective_1: 1.3831 } });
    const best = r.programs.reduce((a, b) => ((b.score as number) < (a.score as number) ? b : a));
    expect(best).toMatchObject({ externalId: 'gen10-5', score: -1433.58968 });
  });

  it('records survival and pops_best marks', () => {
    expect(meta('gen2-0')).toMatchObject({ survivedGenerations: [2, 3, 4, 5, 6, 7, 8, 9, 10], bestOfGeneration: [2, 3, 4, 5, 6, 7, 8, 9, 10], lastGeneration: 10 });
    expect(meta('gen1-0')).toMatchObject({ survivedGenerations: [1, 2, 3, 4, 5, 6, 7, 8], bestOfGeneration: [1] });
    expect(meta('gen2-4')).toMatchObject({ survivedGenerations: [2], lastGeneration: 2 });
    expect(meta('gen2-4')).not.toHaveProperty('bestOfGeneration');
    expect(meta('gen2-4')).not.toHaveProperty('other_inf'); // always null in this run
    expect(typeof meta('gen2-4').algorithm).toBe('string');
  });

  it('says what EoH does not record', () => {
    expect(r.warnings.map((w) => [w.code, w.count])).toEqual([['lineage-unknown', 18], ['ids-derived', 18], ['deduplicated', 70]]);
    expect(r.run.meta).toMatchObject({ objectives: 2, bestGenerations: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10] });
  });

  it('accepts results/ and pops/ themselves, and only this layout is detected', async () => {
    const viaPops = await readEohRun(path.join(REAL, 'results', 'pops'));
    expect(viaPops.programs).toHaveLength(18);
    expect(viaPops.run.name).toBe('eoh__langkhachhoha__LLM4MO__moeoh-pops');
    expect(viaPops.stats.bestFiles).toBe(10);
    expect(await eohFormat.detect(path.join(REAL, 'results'))).toBe(true);
    expect(await eohFormat.detect(path.join(REAL, 'results', 'pops_best'))).toBe(false);
    expect(await funsearchFormat.detect(path.join(REAL, 'results'))).toBe(false);
    expect(await llameaFormat.detect(REAL)).toBe(false);
  });
});

describe('hand-made EoH populations', () => {
  let tmp: string;
  beforeAll(() => {
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'evoscope-eoh-'));
  });
  afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

  it('handles scalar objectives, failed individuals and a best missing from pops/', async () => {
    const w = (rel: string, v: unknown) => {
      fs.mkdirSync(path.dirname(path.join(tmp, rel)), { recursive: true });
      fs.writeFileSync(path.join(tmp, rel), JSON.stringify(v));
    };
    const ind = (code: string, objective: unknown) => ({ algorithm: `idea ${code}`, code, objective, other_inf: null });
    w('pops/population_generation_0.json', [ind('a', 3.5), ind('b', null)]);
    w('pops/population_generation_1.json', [ind('a', 3.5), ind('c', 1.25)]);
    w('pops_best/population_generation_1.json', ind('z', 0.5));
    const run = await readEohRun(tmp);
    expect(run.run.scoreMetric).toBe('objective');
    expect(run.programs.map((p) => [p.externalId, p.valid, p.score, p.iteration])).toEqual([
      ['gen0-0', true, 3.5, 0], ['gen0-1', false, null, 0], ['gen1-1', true, 1.25, 1], ['best-gen1', true, 0.5, 1],
    ]);
    expect(run.programs[0].metadata).toMatchObject({ survivedGenerations: [0, 1] });
    expect(run.warnings).toContainEqual(expect.objectContaining({ code: 'best-not-in-population', count: 1 }));
  });

  it('fails on a population file that is not a list, naming it', async () => {
    const dir = fs.mkdtempSync(path.join(tmp, 'bad-'));
    fs.mkdirSync(path.join(dir, 'pops'));
    fs.writeFileSync(path.join(dir, 'pops', 'population_generation_0.json'), '{"code": "x"}');
    await expect(readEohRun(dir)).rejects.toThrow('pops/population_generation_0.json: expected a list of individuals');
  });
});

// The two demo runs Evoscope loads on first start, with their fixed seeds.
import { ahcHeuristic } from './programs/cpp';
import { circlePacking } from './programs/python';
import { generateRun, type GeneratedRun, type ScenarioConfig } from './scenario';
import { demoScorer, type ScoreProgram } from './score';

export const DEMO_RUNS: ScenarioConfig[] = [
  {
    name: 'Demo · circle packing (Python)',
    seed: 0x5eed_0a26,
    template: circlePacking,
    iterations: 180,
    islands: 4,
    populationPerIsland: 10,
    checkpointInterval: 10,
    migrationInterval: 40,
    mode: 'diff',
    baseTime: 1767603600, // 2026-01-05 09:00 UTC
    writeDb: true,
    bugRate: 0.085,
  },
  {
    name: 'Demo · AHC heuristic (C++)',
    seed: 0x5eed_0b0c,
    template: ahcHeuristic,
    iterations: 160,
    islands: 3,
    populationPerIsland: 12,
    checkpointInterval: 10,
    migrationInterval: 40,
    mode: 'full',
    baseTime: 1768222800, // 2026-01-12 13:00 UTC
    writeDb: false,
    bugRate: 0.08,
  },
];

/**
 * Both demo runs with their fixed seeds (or shifted seeds), every program scored by its task's
 * real evaluator (default: demoScorer(), cached under the data folder). The two runs are
 * generated side by side: each evaluates one program at a time, so two at once in all.
 */
export function generateDemoRuns(opts: { seedOffset?: number; score?: ScoreProgram } = {}): Promise<GeneratedRun[]> {
  const score = opts.score ?? demoScorer();
  return Promise.all(DEMO_RUNS.map((c) => generateRun({ ...c, seed: (c.seed + (opts.seedOffset ?? 0)) >>> 0 }, score)));
}

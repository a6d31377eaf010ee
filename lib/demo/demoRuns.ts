// The two demo runs Evoscope loads on first start, with their fixed seeds.
import { ahcHeuristic } from './programs/cpp';
import { circlePacking } from './programs/python';
import { generateRun, type GeneratedRun, type ScenarioConfig } from './scenario';

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
    bugRate: 0.03,
  },
];

/** Both demo runs with their fixed seeds (or shifted seeds, for tests). */
export function generateDemoRuns(seedOffset = 0): GeneratedRun[] {
  return DEMO_RUNS.map((c) => generateRun({ ...c, seed: (c.seed + seedOffset) >>> 0 }));
}

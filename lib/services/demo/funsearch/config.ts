// The third demo run's fixed settings: a FunSearch-style search small enough to generate on
// first start (about 200 evaluations, cached), with every part of the programs database visible:
// 10 islands, a temperature period of 6 stored programs (so the schedule cycles several times on
// every island), resets whenever every island holds 6 programs, failures, duplicates by output hash.
import type { ImportedRun } from '../../../trace/schema';
import { toImportedRun } from './importedRun';
import { funSearchScorer, type ScoreCandidate } from './score';
import { runFunSearch, type FunSearchConfig } from './search';
import { binPacking } from './task';

export const FUNSEARCH_DEMO: FunSearchConfig = {
  name: 'Demo · FunSearch bin packing (Python)',
  seed: 0x5eed_0f5e,
  template: binPacking,
  iterations: 200,
  numIslands: 10,
  functionsPerPrompt: 2,
  resetPrograms: 6,
  temperatureInit: 0.1,
  temperaturePeriod: 6,
  maxBatch: 4,
  bugRate: 0.12,
  snapshotEvery: 20,
  baseTime: 1768831200, // 2026-01-19 14:00 UTC
};

/** The third demo run as an ImportedRun, every program scored by the real evaluator (cached). */
export async function generateFunSearchDemo(
  opts: { score?: ScoreCandidate; seedOffset?: number; overrides?: Partial<FunSearchConfig> } = {},
): Promise<ImportedRun> {
  const config = { ...FUNSEARCH_DEMO, ...opts.overrides, seed: (FUNSEARCH_DEMO.seed + (opts.seedOffset ?? 0)) >>> 0 };
  return toImportedRun(await runFunSearch(config, opts.score ?? funSearchScorer()));
}

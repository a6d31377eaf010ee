// The worker's cycling passes (runReport.ts cyclingPasses) share work between passes: the second
// definition set reuses the first one's lines and diffs (SharedDiffs), and both scopes of one
// set share the edits' composition. The reports must be exactly those of passes computed apart.
import { describe, expect, it } from 'vitest';
import { analyzeRun } from './analyzeRun';
import { generateRun } from './cycling.bench';
import { prepareRun, SharedDiffs } from './editTable';
import { cyclingMarks, cyclingPasses, cyclingReport, lineageReport } from './runReport';
import type { AnalysisProgram } from '../contracts/analysisTypes';

/** A generated run with crossovers (2 %), shuffled seq order and first parents missing from the run. */
function run(): AnalysisProgram[] {
  return generateRun(1200, 5).map((p, i) => ({
    ...p,
    // Raw iteration order differs from seq order, so the sets process programs in different orders.
    iteration: i % 7 === 3 ? Math.max(0, i - 20) : i,
    // Every 50th child lists a parent not in the run first: 'evoreplay' makes no edit, 'default' takes the next.
    parentIds: i % 50 === 49 ? ['missing', ...p.parentIds] : p.parentIds,
    rawScore: p.score,
  }));
}

describe('cyclingPasses', () => {
  it('computes exactly the reports of separate passes (fresh diffs, fresh compositions)', () => {
    const programs = run();
    const passes = cyclingPasses(programs, true);
    let next = passes.next();
    while (!next.done) next = passes.next();
    const apart = (['default', 'evoreplay'] as const).flatMap((definitions) =>
      (['lineage', 'run'] as const).map((scope) => {
        const a = analyzeRun(prepareRun(programs, definitions), { definitions, scope, higherIsBetter: true });
        return { definitions, scope, report: cyclingReport(a, definitions, scope), marks: cyclingMarks(a, definitions, scope) };
      }),
    );
    expect(next.value.cycling).toEqual(apart);
    expect(apart[0].report.summary.cycleEvents).toBeGreaterThan(20); // the run does cycle
    const lineage = lineageReport(analyzeRun(programs, { definitions: 'default', scope: 'lineage', higherIsBetter: true }), programs, true);
    expect(next.value.lineage).toEqual(lineage);
  });

  it('diffs each parent->child pair once for both definition sets', () => {
    const programs = run();
    const shared = new SharedDiffs();
    const def = prepareRun(programs, 'default', shared);
    const afterDefault = shared.computed;
    expect(afterDefault).toBe(def.edits.length);
    const evo = prepareRun(programs, 'evoreplay', shared);
    expect(evo).toMatchObject({ edits: prepareRun(programs, 'evoreplay').edits });
    // Only the pairs 'evoreplay' diffs and 'default' does not (none here: a missing first parent makes no edit).
    expect(shared.computed).toBe(afterDefault);
    expect(evo.edits.length).toBeLessThan(def.edits.length);
  });

  it('classifies the edits of a prepared run once for both scopes', () => {
    const prepared = prepareRun(run(), 'default');
    const lineage = analyzeRun(prepared, { definitions: 'default', scope: 'lineage' });
    const whole = analyzeRun(prepared, { definitions: 'default', scope: 'run' });
    expect(whole.detail.composition).toBe(lineage.detail.composition);
  });
});

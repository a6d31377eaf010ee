// Acceptance: with definitions 'evoreplay', the QOS run (OpenEvolve, 204 programs) gives exactly
// EvoReplay's own numbers (shared/reference/evoreplay-qos.json, computed by EvoReplay itself).
// The run and the reference are read from disk; the test fails (never skips) when they are missing.
import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { readRunsFromPath } from '../importers/index';
import { classifyCycles } from './classifyCycles';
import { classifyEdits } from './classifyEdits';
import { detectCycling } from './cycling';
import { type PreparedRun, prepareRun } from './editTable';
import { analysisProgramsFromRecords } from './fromTrace';

const RUNS = process.env.EVOSCOPE_REAL_RUNS ?? path.resolve('../shared/real-runs');
const REFERENCE = process.env.EVOSCOPE_REFERENCE ?? path.resolve('../shared/reference/evoreplay-qos.json');
const QOS = 'openevolve__bochen-sysnet__QOS__qaoa-frozenqubits';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
let ref: any;
let run: PreparedRun;

beforeAll(async () => {
  if (!fs.existsSync(REFERENCE)) throw new Error(`reference numbers not found: ${REFERENCE} (set EVOSCOPE_REFERENCE)`);
  if (!fs.existsSync(path.join(RUNS, QOS))) throw new Error(`QOS run not found under ${RUNS} (set EVOSCOPE_REAL_RUNS)`);
  ref = JSON.parse(fs.readFileSync(REFERENCE, 'utf8'));
  const [imported] = await readRunsFromPath(path.join(RUNS, QOS));
  run = prepareRun(analysisProgramsFromRecords(imported.programs), 'evoreplay');
});

describe('EvoReplay parity on the QOS run', () => {
  it('loads every program', () => {
    expect(run.programs.length).toBe(ref.program_files);
  });

  it('detect_cycling (default options)', () => {
    const s = detectCycling(run, { definitions: 'evoreplay', scope: 'run' }).summary;
    const d = ref.detect_cycling_default;
    expect({
      programs_loaded: run.programs.length,
      edits_analysed: s.editsAnalysed,
      cycle_events: s.cycleEvents,
      unique_cycled_lines: s.uniqueCycledLines,
      sum_total_added: s.totalAdded,
      sum_recycled_added: s.recycledAdded,
      sum_total_removed: s.totalRemoved,
      sum_recycled_removed: s.recycledRemoved,
      edits_with_added_lines: s.editsWithAddedLines,
      median_recycle_ratio_edits_with_added: s.medianRecycleRatioEditsWithAdded,
      stdout_summary_line: `Detected ${s.cycleEvents} cycle events across ${s.uniqueCycledLines} unique lines.`,
    }).toEqual({ ...d, rc: undefined });
  });

  it('classify_cycles', () => {
    const s = classifyCycles(run, { definitions: 'evoreplay' }).summary;
    const c = ref.classify_cycles;
    expect({
      n_edits: s.nEdits,
      n_recycle_events: s.nRecycleEvents,
      events_by_class: s.eventsByClass,
      total_added_lines: s.totalAddedLines,
      median_per_edit_ratios: s.medianPerEditRatios,
      span_stats: s.spanStats,
    }).toEqual({ ...c, rc: undefined });
  });

  it('classify_edits', () => {
    const s = classifyEdits(run, { definitions: 'evoreplay' }).summary;
    const e = ref.classify_edits;
    const buckets = Object.fromEntries(Object.entries(s.buckets).map(([k, v]) => [k.replace('_', '-'), v]));
    expect({
      edits: s.edits,
      buckets,
      tuning_lines: s.tuningLines,
      structural_lines: s.structuralLines,
      comment_lines: s.commentLines,
      median_per_edit_tuning_fraction: s.medianPerEditTuningFraction,
      n_score_up: s.nScoreUp,
      n_score_down: s.nScoreDown,
      edits_without_code_lines_csv_bucket_trivial: s.editsWithoutCodeLines,
    }).toEqual({ ...e, rc: undefined });
  });
});

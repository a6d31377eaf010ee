// OpenEvolve's evolution trace, every layout OpenEvolve writes (fixtures written by
// tests/fixtures/openevolve-trace/make_fixtures.py after openevolve/evolution_trace.py and
// utils/trace_export_utils.py): jsonl, jsonl.gz, json (without include_code), hdf5, and a trace
// beside checkpoints/ that enriches the same programs instead of duplicating them.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { afterAll, describe, expect, it } from 'vitest';
import { programRecordSchema, runRecordSchema, type ImportedRun, type ProgramRecord } from '../trace/schema';
import { detectFormat } from './detect';
import { readRunsFromPath } from './index';
import { readOpenEvolveRun } from './openevolve';
import { openevolveTraceFormat, readTraceRun } from './openevolveTrace';

const FIX = path.resolve('tests/fixtures/openevolve-trace');
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'evoscope-oetrace-'));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

const byId = (r: ImportedRun, id: string) => {
  const p = r.programs.find((x) => x.externalId === id);
  if (!p) throw new Error(`no program ${id}`);
  return p as ProgramRecord;
};
const codes = (r: ImportedRun) => r.warnings.map((w) => w.code);
const schemaValid = (r: ImportedRun) => {
  expect(() => runRecordSchema.parse(r.run)).not.toThrow();
  for (const p of r.programs) expect(() => programRecordSchema.parse(p), p.externalId).not.toThrow();
};

/** What every layout holding the three records with code must give. */
function expectThreeChildrenAndSeed(r: ImportedRun) {
  schemaValid(r);
  expect(r.programs.map((p) => p.externalId)).toEqual(['c1', 'c2', 'c3', 'seed']);
  expect(r.run).toMatchObject({ framework: 'openevolve', scoreMetric: 'combined_score' });
  const c1 = byId(r, 'c1');
  expect(c1).toMatchObject({
    iteration: 1, generation: 1, timestamp: 1764300001, island: 0, valid: true, score: 0.4,
    metrics: { combined_score: 0.4 },
    parents: [{ externalId: 'seed', operator: 'mutation' }],
    evaluation: { status: 'ok', artifacts: { stdout: 'ok 0.4' } },
    metadata: { source: 'evolution_trace', iterationTime: 2.5, changes: 'Change 1: double', improvementDelta: { combined_score: expect.closeTo(0.3, 9) } },
    origin: null,
  });
  expect(c1.contexts).toEqual([{ kind: 'evolution_trace', system: 'You are an expert coder.', user: 'Improve program seed', response: expect.stringContaining('return x * 2') }]);
  expect(byId(r, 'c3')).toMatchObject({ island: 1, valid: false, metrics: { error: 'timeout' } });
  // The seed is only ever a parent: built from parent_code / parent_metrics, nothing invented.
  const seed = byId(r, 'seed');
  expect(seed).toMatchObject({ code: 'def solve(x):\n    return x\n', metrics: { combined_score: 0.1 }, score: 0.1, parents: [] });
  expect(seed.iteration ?? null).toBeNull();
  expect(seed.island ?? null).toBeNull();
  expect(r.warnings).toContainEqual(expect.objectContaining({ code: 'parents-only', count: 1, message: expect.stringContaining('(seed)') }));
  expect(r.warnings).toContainEqual(expect.objectContaining({ code: 'origin-unknown', count: 3 }));
}

describe('an evolution trace alone is a run', () => {
  it('reads evolution_trace.jsonl (include_code on), given as the file or its folder', async () => {
    for (const p of [path.join(FIX, 'jsonl/evolution_trace.jsonl'), path.join(FIX, 'jsonl')]) {
      expect((await detectFormat(p))?.format).toBe('openevolve-trace');
      const r = await readTraceRun(p);
      expectThreeChildrenAndSeed(r);
      expect(byId(r, 'c2').code).toBe('def solve(x):\n    return x * 3\n');
      expect(codes(r)).not.toContain('no-code');
      expect(r.run.meta).toMatchObject({ evolutionTrace: { file: 'evolution_trace.jsonl', format: 'jsonl', records: 3 } });
    }
  });

  it('reads the gzip-compressed evolution_trace.jsonl.gz the same way', async () => {
    const r = await readTraceRun(path.join(FIX, 'jsonl-gz/evolution_trace.jsonl.gz'));
    expectThreeChildrenAndSeed(r);
    expect(r.run.meta).toMatchObject({ evolutionTrace: { file: 'evolution_trace.jsonl.gz', format: 'jsonl' } });
  });

  it('reads evolution_trace.json written without include_code: programs without code, said in a warning', async () => {
    const r = await readTraceRun(path.join(FIX, 'json'));
    schemaValid(r);
    expect(r.programs.every((p) => p.code === '')).toBe(true);
    expect(r.warnings).toContainEqual(expect.objectContaining({ code: 'no-code', count: 3, message: expect.stringContaining('include_code') }));
    expect(r.run.meta).toMatchObject({ evolutionTrace: { format: 'json', metadata: { include_code: false, total_traces: 3 } } });
    expect(byId(r, 'c2')).toMatchObject({ iteration: 2, score: 0.7, parents: [{ externalId: 'c1' }] });
  });

  it('is refused with the record named when a child_id is missing', async () => {
    const file = path.join(tmp, 'evolution_trace.jsonl');
    fs.writeFileSync(file, '{"iteration": 1, "parent_id": "a", "child_id": "b"}\n{"iteration": 2, "parent_id": "b"}\n');
    await expect(readTraceRun(file)).rejects.toThrow(/^evolution_trace\.jsonl:2: trace record has no child_id/);
  });

  it('imports through readRunsFromPath without --format', async () => {
    const [r] = await readRunsFromPath(path.join(FIX, 'jsonl-gz/evolution_trace.jsonl.gz'));
    expect(r.programs).toHaveLength(4);
  });
});

describe('an HDF5 evolution trace', () => {
  const file = path.join(FIX, 'hdf5/evolution_trace.hdf5');
  // jsfive is a dependency (package.json): the trace is read, never skipped.
  it('is read with jsfive: the same programs as the jsonl trace', async () => {
    const r = await readTraceRun(file);
    expectThreeChildrenAndSeed(r);
    expect(r.run.meta).toMatchObject({ evolutionTrace: { format: 'hdf5', metadata: { total_traces: 3 } } });
  });
});

describe('an evolution trace beside checkpoints/', () => {
  const dir = path.join(FIX, 'beside-checkpoints');

  it('is one openevolve run: the trace enriches the checkpoint programs and adds only what no checkpoint kept', async () => {
    expect((await detectFormat(dir))?.format).toBe('openevolve');
    const r = await readOpenEvolveRun(dir);
    schemaValid(r);
    expect(r.programs.map((p) => p.externalId).sort()).toEqual(['c1', 'c2', 'c3', 'seed']);
    // c1: the checkpoint's prompt (template diff_user) stays; the trace adds iteration_time.
    expect(byId(r, 'c1')).toMatchObject({ code: 'def solve(x):\n    return x * 2\n', origin: { operator: 'diff_user', model: null }, metadata: { iterationTime: 2.5, evolutionTrace: true } });
    expect(byId(r, 'c1').contexts).toEqual([expect.objectContaining({ kind: 'diff_user', response: '(from the checkpoint)' })]);
    // c2: the checkpoint logged no prompt; the trace's prompt and response fill it.
    expect(byId(r, 'c2').contexts).toEqual([expect.objectContaining({ kind: 'evolution_trace', user: 'Improve program c1', response: expect.stringContaining('x * 3') })]);
    expect(byId(r, 'c2').metadata).toMatchObject({ iterationTime: 3.5, changes: 'Change 1: triple' });
    // c3 left the population before the checkpoint: only the trace has it (without code).
    expect(byId(r, 'c3')).toMatchObject({ code: '', iteration: 3, island: 1, metadata: { source: 'evolution_trace' } });
    expect(r.warnings).toContainEqual(expect.objectContaining({ code: 'trace-only-programs', count: 1, file: 'openevolve_output/evolution_trace.jsonl' }));
    expect(r.stats).toMatchObject({ traceRecords: 3, traceEnriched: 2, traceOnlyPrograms: 1 });
    expect(codes(r)).not.toContain('parents-only');
  });

  it('gives the same full records when streamed (light records, then loadPrograms)', async () => {
    const whole = await readOpenEvolveRun(dir);
    const light = await readOpenEvolveRun(dir, { streamPrograms: true });
    expect(light.loadPrograms).toBeDefined();
    const ids = light.programs.map((p) => p.externalId);
    const full = await light.loadPrograms!(ids);
    expect(full.map((p) => p.externalId)).toEqual(ids);
    for (const p of full) expect(p).toEqual(whole.programs.find((w) => w.externalId === p.externalId));
  });

  it('keeps the checkpoints when the trace cannot be read, with a warning', async () => {
    const copy = path.join(tmp, 'bad-trace');
    fs.cpSync(dir, copy, { recursive: true });
    fs.writeFileSync(path.join(copy, 'openevolve_output/evolution_trace.jsonl'), '{"child_id": "x"}\n');
    const r = await readOpenEvolveRun(copy);
    expect(r.programs).toHaveLength(3);
    expect(r.warnings).toContainEqual(expect.objectContaining({ code: 'trace-unreadable', file: 'openevolve_output/evolution_trace.jsonl' }));
  });
});

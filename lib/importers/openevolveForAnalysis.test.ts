// Reading a run only to analyse it (ReadOptions.forAnalysis, `evoscope analyze`) drops what the
// analyses never read: the `solution` copy of the source, prompts and artifacts. The analyses'
// input must not change.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { analyzeRun } from '../analysis/analyzeRun';
import { analysisProgramsFromRecords } from '../analysis/fromTrace';
import { REALISTIC, writeSyntheticOpenEvolveRun } from '../services/demo/synthetic';
import { readRunsFromPath } from './index';

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'evoscope-for-analysis-'));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

describe('readRunsFromPath with forAnalysis', () => {
  it('drops solution copies, prompts and artifacts, and the analyses see the same programs', async () => {
    writeSyntheticOpenEvolveRun(tmp, 300, 5, REALISTIC);
    // One program with prompts and artifacts, as OpenEvolve writes them.
    const db = path.join(tmp, 'openevolve_output', 'db', 'programs');
    const file = path.join(db, fs.readdirSync(db)[0]);
    const raw = JSON.parse(fs.readFileSync(file, 'utf8'));
    fs.writeFileSync(file, JSON.stringify({ ...raw, prompts: { diff_user: { system: 's', user: 'u', responses: ['r'] } }, artifacts_json: '{"stdout": "ok"}' }));

    const [full] = await readRunsFromPath(tmp);
    const [lean] = await readRunsFromPath(tmp, { forAnalysis: true });
    const meta = (p: (typeof full.programs)[number]) => (p.metadata ?? {}) as Record<string, unknown>;
    expect(full.programs.every((p) => meta(p).solution === p.code)).toBe(true);
    expect(full.programs.some((p) => p.contexts?.length && p.evaluation?.output === 'ok')).toBe(true);
    expect(lean.programs.some((p) => 'solution' in meta(p))).toBe(false);
    expect(lean.programs.some((p) => p.contexts?.length || p.evaluation?.artifacts)).toBe(false);

    const a = analysisProgramsFromRecords(full.programs);
    const b = analysisProgramsFromRecords(lean.programs);
    expect(b).toEqual(a);
    const opts = { definitions: 'default', scope: 'lineage' } as const;
    expect(analyzeRun(b, opts).summary).toEqual(analyzeRun(a, opts).summary);
  });
});

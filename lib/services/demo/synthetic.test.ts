import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { REALISTIC, SMALL, writeSyntheticOpenEvolveRun } from './synthetic';

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'evoscope-synthetic-'));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

function programFiles(dir: string) {
  const db = path.join(dir, 'openevolve_output', 'db', 'programs');
  return fs.readdirSync(db).map((f) => JSON.parse(fs.readFileSync(path.join(db, f), 'utf8')) as Record<string, unknown>);
}

describe('writeSyntheticOpenEvolveRun', () => {
  it('writes realistic programs: ~4.5 KB of source, twice per file (code and solution)', () => {
    const dir = path.join(tmp, 'realistic');
    expect(writeSyntheticOpenEvolveRun(dir, 400, 11, REALISTIC).programs).toBe(400);
    const files = programFiles(dir);
    expect(files).toHaveLength(400);
    const sizes = files.map((f) => Buffer.byteLength(f.code as string));
    for (const f of files) expect(f.solution).toBe(f.code);
    const mean = sizes.reduce((a, b) => a + b, 0) / sizes.length;
    expect(mean).toBeGreaterThan(4000);
    expect(mean).toBeLessThan(5000);
    expect(Math.min(...sizes)).toBeGreaterThan(3000);
  });

  it('keeps the small shape of the earlier benchmarks (~3 KB, no solution copy)', () => {
    const dir = path.join(tmp, 'small');
    writeSyntheticOpenEvolveRun(dir, 400, 11, SMALL);
    const files = programFiles(dir);
    expect(files.every((f) => !('solution' in f))).toBe(true);
    const mean = files.reduce((a, f) => a + Buffer.byteLength(f.code as string), 0) / files.length;
    expect(mean).toBeGreaterThan(2000);
    expect(mean).toBeLessThan(3600);
  });
});

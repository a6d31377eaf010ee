// A metadata value repeating the program's source (`solution`, as EvoTrace-converted OpenEvolve
// runs write it) is not stored a second time inside programs.metadata: metadata_code_keys names
// it and the code blob is its value. Every reader of whole metadata (the program page's detail,
// the EvoTrace export) still gets it back; a `solution` that differs from the code stays as is.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, it } from 'vitest';
import { pool } from '../../lib/db/client';
import { exportRunToDirectory } from '../../lib/db/exportRun';
import { storeImportedRun } from '../../lib/db/importRun';
import { getProgramDetail } from '../../lib/db/programs';
import type { ImportedRun } from '../../lib/trace/schema';
import { useTestDatabase } from '../helpers/dbTest';

useTestDatabase();
const tag = crypto.randomUUID();
const code = (i: number) => `# ${tag} program ${i}\n${'x = step(state, 0.37, rate=0.010)\n'.repeat(20)}`;

// 100 programs (COPY) and 3 (unnest): both writers store the same thing.
for (const n of [100, 3]) {
  it(`solution equal to code is stored once, read back whole (${n} programs)`, async () => {
    const run: ImportedRun = {
      run: { name: `code-copies-${n}`, framework: 'openevolve', scoreMetric: 'score' },
      warnings: [],
      stats: {},
      programs: Array.from({ length: n }, (_, i) => ({
        externalId: `p${i}`, code: code(i), iteration: i, valid: true, score: i, metrics: { score: i },
        // p1's solution is another text: it stays in the metadata.
        metadata: { solution: i === 1 ? `${code(i)}# edited\n` : code(i), changes: `edit ${i}` },
        parents: i ? [{ externalId: `p${i - 1}` }] : [],
      })),
    };
    const stored = await storeImportedRun(run);
    const { rows } = await pool().query(
      `SELECT id, external_id, metadata, metadata_code_keys FROM programs WHERE run_id = $1 ORDER BY seq`,
      [stored.runId],
    );
    expect(rows[0].metadata).toEqual({ changes: 'edit 0' });
    expect(rows[0].metadata_code_keys).toEqual(['solution']);
    expect(rows[1].metadata).toEqual({ solution: `${code(1)}# edited\n`, changes: 'edit 1' });
    expect(rows[1].metadata_code_keys).toBeNull();

    const detail = await getProgramDetail(stored.runId, rows[0].id);
    expect(detail!.metadata).toEqual({ solution: code(0), changes: 'edit 0' });
    expect((await getProgramDetail(stored.runId, rows[1].id))!.metadata).toEqual(run.programs[1].metadata);

    const out = fs.mkdtempSync(path.join(os.tmpdir(), 'code-copies-'));
    try {
      await exportRunToDirectory(stored.runId, path.join(out, 'x'));
      const lines = fs.readFileSync(path.join(out, 'x', 'programs.jsonl'), 'utf8').trim().split('\n').map((l) => JSON.parse(l));
      for (const [i, l] of lines.entries()) expect(l.metadata).toEqual(run.programs[i].metadata);
    } finally {
      fs.rmSync(out, { recursive: true, force: true });
    }
  });
}

// What an imported run names as its source and itself (issue 7, item 11): an archive's runs
// point at the archive, not at the temporary folder it was unpacked into; a browser upload's
// runs say "upload: <what was uploaded>" and take the uploaded folder's name, not the server's.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as tar from 'tar';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { disconnect, pool } from '../../lib/db/client';
import { migrate } from '../../lib/runtime/migrate';
import { releaseJobClient } from '../../lib/db/jobQueue';
import { importFromPath } from '../../lib/services/import/importPipeline';
import { uploadLabel } from '../../lib/services/import/sourceLabel';

const root = path.resolve(import.meta.dirname, '..', '..');
const realRuns = path.resolve(root, process.env.EVOSCOPE_REAL_RUNS ?? '../shared/real-runs');
const QOS = path.join(realRuns, 'openevolve__bochen-sysnet__QOS__qaoa-frozenqubits');
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'evoscope-source-'));
const ids: string[] = [];

const stored = async (runId: string) => {
  ids.push(runId);
  const { rows } = await pool().query('SELECT name, source_path FROM runs WHERE id = $1', [runId]);
  return rows[0] as { name: string; source_path: string };
};

beforeAll(async () => {
  expect(fs.existsSync(QOS), `real runs missing at ${realRuns}`).toBe(true);
  await migrate(process.env.DATABASE_URL!);
});

afterAll(async () => {
  await pool().query('DELETE FROM runs WHERE id = ANY($1::uuid[])', [ids]);
  await releaseJobClient();
  await disconnect();
  fs.rmSync(tmp, { recursive: true, force: true });
});

describe('source path and name of imported runs', () => {
  it('an archive imported from the command line points at the archive', async () => {
    const archive = path.join(tmp, `qos-${crypto.randomUUID().slice(0, 8)}.tar.gz`);
    await tar.c({ gzip: true, file: archive, cwd: QOS, portable: true }, ['openevolve_output']);
    const [s] = await importFromPath(archive);
    const run = await stored(s.runId);
    expect(run.source_path.startsWith(archive), run.source_path).toBe(true);
    expect(run.source_path).not.toMatch(/evoscope-import-/);
  });

  it('an uploaded folder names the run after itself and is the source', async () => {
    // The upload keeps the folder's name as the first segment of every file's path.
    const files = path.join(tmp, 'uploads', crypto.randomUUID(), 'files');
    fs.cpSync(path.join(QOS, 'openevolve_output'), path.join(files, 'openevolve_output'), { recursive: true });
    const [s] = await importFromPath(files, { rootName: 'openevolve_output', sourceLabel: uploadLabel('folder', 'openevolve_output') });
    const run = await stored(s.runId);
    expect(run.name).toBe('openevolve_output');
    expect(run.source_path).toMatch(/^upload: openevolve_output/);
    expect(run.source_path).not.toContain(tmp);
  });
});

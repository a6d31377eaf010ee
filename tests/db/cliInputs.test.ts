// The CLI on inputs users actually hand it: an archive to `analyze` (unpacked through the same
// safe pipeline as `import`), a junk file named like an archive (refused at once by its first
// bytes, no internal path, no errno code), and a ShinkaEvolve run whose OmegaConf config holds
// 84 YAML aliases (imported with its config).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as tar from 'tar';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { disconnect, pool } from '../../lib/db/client';
import { migrate } from '../../lib/runtime/migrate';
import { writeShinkaRunWithOmegaConf } from '../../lib/importers/testOmegaConf';
import { realRunsDir, runCli } from '../helpers/cli';

const QOS = path.join(realRunsDir(), 'openevolve__bochen-sysnet__QOS__qaoa-frozenqubits');
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'evoscope-cli-inputs-'));
const runIds: string[] = [];

beforeAll(async () => {
  expect(fs.existsSync(QOS), QOS).toBe(true);
  await migrate(process.env.DATABASE_URL!);
});
afterAll(async () => {
  await pool().query('DELETE FROM runs WHERE id = ANY($1::uuid[])', [runIds]);
  await disconnect();
  fs.rmSync(tmp, { recursive: true, force: true });
});

const noInternals = (text: string) => {
  expect(text).not.toContain(tmp);
  expect(text).not.toMatch(/\bE[A-Z]{3,}\b:/); // ENOTDIR:, ENOENT:, ...
};

describe('evoscope analyze <archive>', () => {
  it('gives the same figures for a .tar.gz as for the folder it holds', async () => {
    const archive = path.join(tmp, 'qos.tar.gz');
    await tar.c({ gzip: true, file: archive, cwd: QOS, portable: true }, ['openevolve_output']);
    const [folder, packed] = await Promise.all([runCli(['analyze', QOS, '--json']), runCli(['analyze', archive, '--json'])]);
    expect(folder.code, folder.stderr).toBe(0);
    expect(packed.code, packed.stderr).toBe(0);
    const a = JSON.parse(folder.stdout.trim());
    const b = JSON.parse(packed.stdout.trim());
    expect(b.summary.programs).toBe(204);
    expect(b.summary).toEqual(a.summary);
    expect(b.edits).toEqual(a.edits);
  });
});

describe('a junk file named like an archive', () => {
  it.each([
    ['import', 'junk.zip', 'junk.zip is not a zip archive (it starts with "<!DOCTYPE html><")'],
    ['analyze', 'junk.tar.gz', 'junk.tar.gz is not a tar.gz archive (it starts with "<!DOCTYPE html><")'],
  ])('%s %s fails at once with the file named and its first bytes shown', async (command, name, message) => {
    const file = path.join(tmp, name);
    fs.writeFileSync(file, '<!DOCTYPE html><html><body>Not found</body></html>\n');
    const r = await runCli([command, file]);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(message);
    noInternals(r.stderr.replace(file, name));
  });
});

describe('a ShinkaEvolve run with an OmegaConf config (84 YAML aliases)', () => {
  it('imports with its config and no warning about it', async () => {
    const dir = writeShinkaRunWithOmegaConf(path.join(tmp, 'results_omegaconf'));
    const r = await runCli(['import', dir, '--again', '--json']);
    expect(r.code, r.stderr).toBe(0);
    const summary = JSON.parse(r.stdout.trim());
    runIds.push(summary.runId);
    expect(summary).toMatchObject({ format: 'shinkaevolve', programs: 2 });
    expect(JSON.stringify(summary.warnings)).not.toMatch(/config|alias/i);
    const { rows } = await pool().query(`SELECT config->'evolution_config'->'llm_models' AS models FROM runs WHERE id = $1`, [summary.runId]);
    expect(rows[0].models).toEqual(['gpt-4.1', 'o4-mini', 'gemini-2.5-pro']);
  });
});

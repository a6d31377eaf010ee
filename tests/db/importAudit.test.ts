// Imports in the audit log (issue 10): a browser import records who started it
// ('import.start', at the start route) and how it ended ('import.done' with its runs, or
// 'import.failed' with the reason shown to the user), attributed to whoever started it; a CLI
// import records 'import.done' by 'cli' with the source's name, never the machine's path.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, it } from 'vitest';
import { pool } from '../../lib/db/client';
import { runCli } from '../helpers/cli';
import { folderImport, jsonlRun, putFile, runImportTask, startImportRoute, uploadTestContext } from '../helpers/uploads';

const { tag } = uploadTestContext('import-audit');

const entries = async (importId: string | null, action?: string) =>
  (
    await pool().query<{ action: string; actor_kind: string; actor_id: string | null; details: Record<string, unknown> }>(
      `SELECT action, actor_kind, actor_id, details FROM audit_log
        WHERE ${importId ? 'target_id = $1' : "target_id IS NULL AND action = $1"} ORDER BY id`,
      [importId ?? action],
    )
  ).rows;

it('records the start and the outcome of a browser import, by whoever started it', async () => {
  const ok = await folderImport(`${tag}-ok`);
  expect((await putFile(ok, 'run.jsonl', jsonlRun(`${tag}-ok`, 3))).status).toBe(200);
  expect((await startImportRoute(ok)).status).toBe(200);
  await runImportTask(ok);
  const rows = await entries(ok);
  expect(rows.map((r) => [r.action, r.actor_kind, r.actor_id])).toEqual([
    ['import.start', 'local', null],
    ['import.done', 'local', null],
  ]);
  expect(rows[0].details).toEqual({ source: `${tag}-ok`, format: 'auto' });
  const runs = rows[1].details.runs as { name: string; programs: number }[];
  expect(runs.map((r) => [r.name, r.programs])).toEqual([[`${tag}-ok`, 3]]);

  const bad = await folderImport(`${tag}-bad`);
  await putFile(bad, 'notes.txt', 'not a run at all\n');
  await startImportRoute(bad);
  await runImportTask(bad);
  const failed = await entries(bad);
  expect(failed.map((r) => r.action)).toEqual(['import.start', 'import.failed']);
  expect(String(failed[1].details.error)).toContain(`${tag}-bad`);
  expect(JSON.stringify(failed)).not.toContain(os.tmpdir());
});

it('records a CLI import by "cli" with the source name only', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'evoscope-import-audit-cli-'));
  try {
    const file = path.join(dir, `${tag}-cli.jsonl`);
    fs.writeFileSync(file, jsonlRun(`${tag}-cli`, 2));
    const r = await runCli(['import', file, '--json']);
    expect(r.code, r.stderr).toBe(0);
    // Other test files import through the CLI into the same database: this file's entry is the one naming its source.
    const rows = (await entries(null, 'import.done')).filter((e) => e.actor_kind === 'cli' && e.details.source === `${tag}-cli.jsonl`);
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows[0].details)).not.toContain(dir);
    expect((rows[0].details.runs as { name: string }[]).map((x) => x.name)).toEqual([`${tag}-cli`]);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

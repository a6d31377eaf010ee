// Nothing left behind in temp folders (issue 15, item 2): archives are unpacked inside
// <data dir>/tmp (not the system temp folder), the folders of processes that died are removed at
// start-up, and a HEAD of a run's export creates nothing (it used to leave an export folder per call).
import { spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { NextRequest } from 'next/server';
import * as tar from 'tar';
import { describe, expect, it } from 'vitest';
import * as exportRoute from '../../app/api/runs/[runId]/export/route';
import { importFromPath } from '../../lib/services/import/importPipeline';
import { removeOrphanWorkDirs, workRoot } from '../../lib/storage/workDir';
import { jsonlRun, uploadTestContext } from '../helpers/uploads';

const { dataDir, tag } = uploadTestContext('work-folders');
const ours = (dir: string) => (fs.existsSync(dir) ? fs.readdirSync(dir).filter((f) => /^evoscope-(import|export)-/.test(f)) : []);


async function importArchive(name: string, onReading?: () => void) {
  const src = path.join(dataDir, `${name}-src`);
  fs.mkdirSync(path.join(src, 'run'), { recursive: true });
  fs.writeFileSync(path.join(src, 'run', 'programs.jsonl'), jsonlRun(name, 3));
  const archive = path.join(dataDir, `${name}.tar.gz`);
  await tar.c({ gzip: true, file: archive, cwd: src }, ['run']);
  let seen = false;
  const [run] = await importFromPath(archive, {
    onProgress: (p) => {
      if (p.phase === 'reading' && !seen) {
        seen = true;
        onReading?.();
      }
    },
  });
  return run;
}

describe('work folders', () => {
  it('unpacks archives inside <data dir>/tmp and removes the folder afterwards', async () => {
    const systemBefore = ours(os.tmpdir());
    let during: string[] = [];
    await importArchive(`${tag}-unpack`, () => (during = ours(workRoot())));
    expect(during).toHaveLength(1);
    expect(during[0]).toMatch(/^evoscope-import-/);
    expect(ours(workRoot())).toEqual([]);
    expect(ours(os.tmpdir()).filter((f) => !systemBefore.includes(f))).toEqual([]);
  });

  it('removes the folders of dead processes, keeps those of live ones, and removes all at start-up', async () => {
    const deadPid = spawnSync(process.execPath, ['-e', '0']).pid!;
    fs.mkdirSync(workRoot(), { recursive: true });
    const dead = fs.mkdtempSync(path.join(workRoot(), `evoscope-import-${deadPid}-`));
    fs.writeFileSync(path.join(dead, 'big.json'), '{}');
    const live = fs.mkdtempSync(path.join(workRoot(), `evoscope-export-${process.pid}-`));
    const stray = fs.mkdtempSync(path.join(workRoot(), 'leftover-'));
    expect((await removeOrphanWorkDirs()).sort()).toEqual([path.basename(dead), path.basename(stray)].sort());
    expect(fs.existsSync(live)).toBe(true);
    expect(await removeOrphanWorkDirs({ all: true })).toEqual([path.basename(live)]);
    expect(fs.readdirSync(workRoot())).toEqual([]);
  });

  it('answers HEAD of an export without creating a folder', async () => {
    const run = await importArchive(`${tag}-head`);
    const systemBefore = ours(os.tmpdir());
    // Next answers HEAD with the GET handler when a route exports no HEAD.
    const head = (exportRoute as Record<string, unknown>).HEAD ?? exportRoute.GET;
    const call = (runId: string) =>
      (head as typeof exportRoute.GET)(
        new NextRequest(`http://127.0.0.1:${process.env.PORT ?? 3000}/api/runs/${runId}/export`, {
          method: 'HEAD',
          headers: { host: `127.0.0.1:${process.env.PORT ?? 3000}` },
        }),
        { params: Promise.resolve({ runId }) },
      );
    for (let i = 0; i < 3; i++) {
      const res = await call(run.runId);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('application/gzip');
      expect(res.headers.get('content-disposition')).toMatch(/\.evotrace\.tar\.gz"$/);
    }
    expect((await call(crypto.randomUUID())).status).toBe(404);
    expect(ours(os.tmpdir()).filter((f) => !systemBefore.includes(f))).toEqual([]);
    expect(ours(workRoot())).toEqual([]);
  });
});

// Helpers for tests of browser imports: an import job, PUTs through the real route handler,
// the worker's import task called as graphile-worker calls it, and small JSONL runs.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { NextRequest } from 'next/server';
import { afterAll, beforeAll } from 'vitest';
import { PUT as PUT_BATCH } from '../../app/api/imports/[importId]/batch/route';
import { PUT } from '../../app/api/imports/[importId]/files/route';
import { POST as START } from '../../app/api/imports/[importId]/start/route';
import { POST as AGAIN } from '../../app/api/imports/[importId]/again/route';
import { disconnect, pool } from '../../lib/db/client';
import { createImportJob } from '../../lib/db/importJobs';
import { migrate } from '../../lib/runtime/migrate';
import { releaseJobClient } from '../../lib/db/jobQueue';
import { BATCH_CONTENT_TYPE, encodeBatch } from '../../lib/contracts/batchFrame';
import task from '../../workers/tasks/import-upload';

/**
 * A test file's own data folder (EVOSCOPE_DATA_DIR: uploads, work folders) and name tag, with
 * the hooks that migrate first and afterwards remove the runs named after the tag, the job
 * client, the connections and the folder.
 */
export function uploadTestContext(name: string) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `evoscope-${name}-`));
  const tag = `${name}-${crypto.randomUUID().slice(0, 8)}`;
  beforeAll(async () => {
    process.env.EVOSCOPE_DATA_DIR = dataDir;
    await migrate(process.env.DATABASE_URL!);
  });
  afterAll(async () => {
    await pool().query('DELETE FROM runs WHERE name LIKE $1', [`${tag}%`]);
    await releaseJobClient();
    await disconnect();
    fs.rmSync(dataDir, { recursive: true, force: true });
    delete process.env.EVOSCOPE_DATA_DIR;
  });
  return { dataDir, tag };
}

export async function folderImport(name: string) {
  const job = await createImportJob({ kind: 'folder', sourceName: name, format: 'auto', runName: name });
  return job.id;
}

/** PUT one file of an import through the route; `body` may be a stream to control timing.
 *  `relPath` null: the single file of an 'archive' upload (no ?path=). */
export async function putFile(importId: string, relPath: string | null, body: BodyInit) {
  // duplex: streamed request bodies need it in Node's fetch; NextRequest's types do not list it.
  const init = { method: 'PUT', body, duplex: 'half', headers: { host: localHost() } };
  const query = relPath === null ? '' : `?path=${encodeURIComponent(relPath)}`;
  const req = new NextRequest(local(`/api/imports/${importId}/files${query}`), init as never);
  const res = await PUT(req, { params: Promise.resolve({ importId }) });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

/** A batch body of files (path -> text), as the browser sends it (lib/contracts/batchFrame.ts). */
export function batchBody(files: [string, string][]): Uint8Array<ArrayBuffer> {
  const entries = files.map(([p, text]) => {
    const data = Buffer.from(text);
    return { header: { path: p, size: data.length, sha256: crypto.createHash('sha256').update(data).digest('hex') }, data };
  });
  return new Uint8Array(Buffer.concat(encodeBatch(entries)));
}

/** PUT a batch of files through the route; `body` may be a stream to control timing. */
export async function putBatch(importId: string, body: BodyInit, type = BATCH_CONTENT_TYPE) {
  const init = { method: 'PUT', body, duplex: 'half', headers: { host: localHost(), 'content-type': type } };
  const req = new NextRequest(local(`/api/imports/${importId}/batch`), init as never);
  const res = await PUT_BATCH(req, { params: Promise.resolve({ importId }) });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

/** POST .../start through the route. */
export async function startImportRoute(importId: string) {
  const req = new NextRequest(local(`/api/imports/${importId}/start`), { method: 'POST', headers: { host: localHost() } });
  const res = await START(req, { params: Promise.resolve({ importId }) });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

/**
 * Lets an upload store runs whose programs are stored already ("Import again" ahead of time):
 * for tests that upload a fixture another test imports too, and are not about duplicates.
 */
export async function allowDuplicate(importId: string) {
  await pool().query('UPDATE import_jobs SET allow_duplicate = true WHERE id = $1', [importId]);
}

/** POST .../again through the route: store an import found to repeat stored runs. */
export async function againImportRoute(importId: string) {
  const req = new NextRequest(local(`/api/imports/${importId}/again`), { method: 'POST', headers: { host: localHost() } });
  const res = await AGAIN(req, { params: Promise.resolve({ importId }) });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

/** A JSONL run of `n` programs in a chain, as one file's text. */
export function jsonlRun(name: string, n: number): string {
  const lines = [JSON.stringify({ evoscope_run: { name, framework: 'custom', score_metric: 'score' } })];
  for (let i = 0; i < n; i++) {
    lines.push(JSON.stringify({ id: `${name}-p${i}`, code: `x = ${i}\n`, iteration: i, parent_ids: i ? [`${name}-p${i - 1}`] : [], metrics: { score: i } }));
  }
  return `${lines.join('\n')}\n`;
}

// The request guard (lib/http/requestGuard.ts) answers only this server's own host and port,
// and reads the Host header as a real HTTP request carries it (a NextRequest made from a URL has none).
const localHost = () => `127.0.0.1:${process.env.PORT ?? 3000}`;
const local = (pathAndQuery: string) => `http://${localHost()}${pathAndQuery}`;

const quiet = { info: () => {}, warn: () => {}, error: () => {}, debug: () => {} };

/** Runs the import-upload task once, as attempt `attempt` of 3. */
export async function runImportTask(importId: string, attempt = 1) {
  await task({ importId }, { logger: quiet, job: { attempts: attempt, max_attempts: 3 } } as never);
}

// The supervised restart (issue 15, item 1): the real services (cli/serve.ts supervising the
// embedded PostgreSQL, the worker and `next start`) run an import big enough to be caught mid-way;
// the worker and then the postmaster are killed with SIGKILL. Throughout, the web app answers
// /api/health and a read route (200, or 503 while the database is away: never a refused connection
// or a 500) and a run page (or says "reconnecting"); the import completes exactly once; no unpack or export folder is left; SIGTERM then
// stops everything, the restarted PostgreSQL included.
// Needs a production build in .next (built once here when missing).
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import * as tar from 'tar';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { freePort, startEmbeddedPostgres, type EmbeddedPostgres } from '../../lib/runtime/embeddedPostgres';
import { migrate } from '../../lib/runtime/migrate';

const root = path.resolve(import.meta.dirname, '..', '..');
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'evoscope-restart-'));
const dataDir = path.join(tmp, 'data');
const PROGRAMS = 20_000;
const tag = `restart-${crypto.randomUUID().slice(0, 8)}`;
let db: EmbeddedPostgres;
let server: ChildProcess;
let serverLog = '';
let port = 0;
const host = () => `127.0.0.1:${port}`;
const api = (p: string, init: RequestInit = {}) =>
  fetch(`http://${host()}${p}`, { ...init, headers: { host: host(), ...(init.headers as Record<string, string>) } });
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
async function until<T>(what: string, f: () => Promise<T | null | undefined | false>, ms = 90_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await f().catch(() => null);
    if (v) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}\n${everything().join('\n')}`);
    await sleep(100);
  }
}
/** What the services logged about restarts and the import (Next's page errors left out). */
const events = () =>
  serverLog
    .split('\n')
    .filter((l) => /restarting in|work folder|released the jobs|import [0-9a-f-]{36}|\[worker\] (ready|registered)|Failed task|Completed task \d+ \(import/.test(l))
    .map((l) => l.slice(0, 240));
/** On a time-out: every line the worker and the supervisor logged (requests and stack frames left out). */
const everything = () =>
  serverLog
    .split('\n')
    .filter((l) => l.trim() && !/^\s+at |GET |POST |PUT |HEAD /.test(l))
    .map((l) => l.slice(0, 300))
    .slice(-200);
const workFolders = (dir: string) => (fs.existsSync(dir) ? fs.readdirSync(dir).filter((f) => /^evoscope-(import|export)-/.test(f)) : []);
const childPids = (ppid: number): { pid: number; args: string }[] =>
  spawnSync('ps', ['-o', 'pid=,args=', '--ppid', String(ppid)], { encoding: 'utf8' })
    .stdout.split('\n')
    .filter(Boolean)
    .map((l) => {
      const m = /^\s*(\d+)\s+(.*)$/.exec(l)!;
      return { pid: Number(m[1]), args: m[2] };
    });
const workerPid = () => childPids(server.pid!).find((c) => c.args.includes('workers/index.ts'))?.pid;
const postmasterPid = () => Number(fs.readFileSync(path.join(tmp, 'pg', 'data', 'postmaster.pid'), 'utf8').split('\n')[0]);

async function makeArchive(): Promise<Buffer> {
  const src = path.join(tmp, 'src', 'run');
  fs.mkdirSync(src, { recursive: true });
  const lines = [JSON.stringify({ evoscope_run: { name: tag, framework: 'custom', score_metric: 'score' } })];
  for (let i = 0; i < PROGRAMS; i++) {
    const code = Array.from({ length: 20 }, (_, k) => `x_${k} = ${(i * 7919 + k * 104729) % 100003}  # ${crypto.randomBytes(12).toString('hex')}`).join('\n');
    lines.push(JSON.stringify({ id: `p${i}`, code, iteration: i, parent_ids: i ? [`p${i - 1}`] : [], metrics: { score: i } }));
  }
  fs.writeFileSync(path.join(src, 'programs.jsonl'), `${lines.join('\n')}\n`);
  const file = path.join(tmp, 'run.tar.gz');
  await tar.c({ gzip: true, file, cwd: path.dirname(src) }, ['run']);
  return fs.readFileSync(file);
}

beforeAll(async () => {
  if (!fs.existsSync(path.join(root, '.next', 'BUILD_ID'))) {
    const b = spawnSync(process.execPath, [path.join(root, 'node_modules/next/dist/bin/next'), 'build'], {
      cwd: root,
      stdio: 'inherit',
      env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1' },
    });
    if (b.status !== 0) throw new Error('next build failed');
  }
  // Durable, as `npm start` runs it. A throw-away server (fsync and synchronous_commit off) loses
  // the last commits when its postmaster is killed: one fresh-clone run re-released a dead worker
  // whose row it had already deleted, and its import never finished. Production never loses a
  // commit, so neither does this test.
  db = await startEmbeddedPostgres({ baseDir: path.join(tmp, 'pg') });
  await migrate(db.url);
  port = await freePort();
  server = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'cli', 'serve.ts')], {
    cwd: root,
    env: { ...process.env, DATABASE_URL: db.url, EVOSCOPE_SUPERVISE_PG_DIR: path.join(tmp, 'pg'), EVOSCOPE_DATA_DIR: dataDir, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true, // its own process group, as a terminal's: Ctrl-C is sent to the whole group
  });
  server.stdout!.on('data', (d) => (serverLog += d));
  server.stderr!.on('data', (d) => (serverLog += d));
  await until('the web app', async () => (await api('/api/health')).ok);
  await until('the worker', async () => /\[worker\] ready/.test(serverLog));
  // A cold `next build` (a fresh clone runs this file before Playwright builds) took 6.4 minutes
  // on this 2-core machine under load: the set-up may take that long, the tests below may not.
}, 900_000);

afterAll(async () => {
  if (server && server.exitCode === null) {
    const gone = new Promise((r) => server.once('exit', r));
    server.kill('SIGTERM');
    await gone;
  }
  db?.stop(); // a no-op when the supervisor stopped it
  fs.rmSync(tmp, { recursive: true, force: true });
}, 60_000);

it('keeps serving through SIGKILL of the worker and of PostgreSQL, and imports once', async () => {
  const systemBefore = workFolders(os.tmpdir());
  const archive = await makeArchive();

  // Reads every 100 ms for the whole test: anything but 200 or 503 is a failure to serve.
  const failures: string[] = [];
  let polls = 0;
  let unavailable = 0;
  let polling = true;
  const poller = (async () => {
    while (polling) {
      for (const p of ['/api/health', '/api/runs?limit=5', `/runs/${crypto.randomUUID()}`]) {
        polls++;
        try {
          const res = await api(p, { signal: AbortSignal.timeout(10_000) });
          const text = await res.text();
          const page = p.startsWith('/runs/');
          // A page of a run that does not exist: 404 normally; while the database is away it
          // must say it is reconnecting.
          if (page && res.status >= 500 && /reconnecting/.test(text)) unavailable++;
          else if (res.status === 503 && !page) unavailable++;
          else if (res.status !== (page ? 404 : 200)) failures.push(`${p}: ${res.status} ${text.slice(0, 200)}`);
        } catch (e) {
          failures.push(`${p}: ${(e as Error).message}`);
        }
      }
      await sleep(100);
    }
  })();

  const created = await (
    await api('/api/imports', { method: 'POST', body: JSON.stringify({ kind: 'archive', sourceName: 'run.tar.gz' }), headers: { 'content-type': 'application/json' } })
  ).json();
  const id = created.id as string;
  expect((await api(`/api/imports/${id}/files`, { method: 'PUT', body: new Uint8Array(archive) })).status).toBe(200);
  expect((await api(`/api/imports/${id}/start`, { method: 'POST' })).status).toBeLessThan(300);
  const job = async () => (await (await api(`/api/imports/${id}`)).json()) as { status: string; phase: string };

  // Mid-import: kill the worker.
  await until('the import to run', async () => (await job()).status === 'running');
  const first = workerPid()!;
  process.kill(first, 'SIGKILL');
  await until('a new worker', async () => {
    const pid = workerPid();
    return pid !== undefined && pid !== first;
  });
  // Mid-import again (the job taken over): kill the postmaster.
  await until('the import to run again', async () => /\[worker\] ready/.test(serverLog.split('restarting in')[1] ?? '') && (await job()).status === 'running');
  process.kill(postmasterPid(), 'SIGKILL');
  await until('PostgreSQL to be restarted', async () => /PostgreSQL postmaster \(pid \d+\) died; restarting/.test(serverLog), 30_000);

  // Generous: the retry after the database came back waits graphile-worker's backoff, and the
  // machine may be shared (about 30 s on a quiet one).
  const done = await until('the import to finish', async () => {
    const j = await job();
    return j.status === 'succeeded' || j.status === 'failed' ? j : null;
  }, 150_000);
  polling = false;
  await poller;

  expect(done.status).toBe('succeeded');
  const client = new pg.Client({ connectionString: db.url });
  await client.connect();
  const { rows } = await client.query('SELECT program_count FROM runs WHERE import_job_id = $1', [id]);
  await client.end();
  expect(rows).toEqual([{ program_count: PROGRAMS }]);
  expect(failures).toEqual([]);
  expect(polls).toBeGreaterThan(20);
  expect(serverLog).toMatch(/worker was killed \(SIGKILL\); restarting in \d+ ms/);
  expect(workFolders(path.join(dataDir, 'tmp'))).toEqual([]);
  expect(workFolders(os.tmpdir()).filter((f) => !systemBefore.includes(f))).toEqual([]);

  // Ctrl-C (SIGINT to the whole process group, as a terminal sends it) stops everything, the
  // restarted PostgreSQL included, and restarts nothing on the way.
  const postmaster = postmasterPid();
  const logBefore = serverLog.length;
  const code = await new Promise((r) => {
    server.once('exit', r);
    process.kill(-server.pid!, 'SIGINT');
  });
  expect(code).toBe(0);
  expect(serverLog.slice(logBefore)).not.toMatch(/restarting in/);
  const pgAlive = () => spawnSync('ps', ['-o', 'stat=', '-p', String(postmaster)], { encoding: 'utf8' }).stdout.trim();
  expect(pgAlive(), `postmaster ${postmaster} after the stop\n${serverLog.slice(-3000)}`).toMatch(/^(Z.*)?$/); // gone (or a zombie awaiting init)

  console.log(JSON.stringify({ polls, unavailable }), `\n${events().join('\n')}`);
}, 240_000);

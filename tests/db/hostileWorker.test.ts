// The hostile suite through a worker job (issue 8, "What bad input gets"): hostile candidates
// re-evaluated by a real worker process, in real sandboxes, against a `command` evaluator that
// runs them as they are. Each one ends within the evaluator's limit plus one second with the
// right typed result, nothing escapes (no connection reaches a host port, no file appears in the
// host's /tmp, no process of a sandbox uid survives), and the web app keeps answering meanwhile.
import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { GET as listRuns } from '../../app/api/runs/route';
import { appendPrograms, createLiveRun } from '../../lib/db/appendPrograms';
import { disconnect, pool } from '../../lib/db/client';
import { createEvaluationBatch, getBatchProgress } from '../../lib/db/evaluationBatches';
import { attachEvaluator } from '../../lib/db/evaluators';
import { migrate } from '../../lib/runtime/migrate';
import { enqueueEvaluationBatch, releaseJobClient } from '../../lib/db/jobQueue';
import { serveRoutes, type RouteServer } from '../helpers/routeServer';
import { startWorker, type StartedWorker } from '../helpers/workerProcess';

const LIMIT_S = 3;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'evoscope-hostile-worker-'));
const tag = crypto.randomUUID().slice(0, 8);
const hostTmpMarker = `/tmp/evoscope-escape-${tag}`;
const runIds: string[] = [];
let worker: StartedWorker | undefined;
let web: RouteServer | undefined;
let listener: net.Server;
let port = 0;
let connections = 0;

beforeAll(async () => {
  await migrate(process.env.DATABASE_URL!);
  listener = net.createServer((s) => {
    connections++;
    s.destroy();
  });
  await new Promise<void>((r) => listener.listen(0, '127.0.0.1', r));
  port = (listener.address() as net.AddressInfo).port;
  web = await serveRoutes((p) => (p === '/api/runs' ? { handler: listRuns, params: {} } : null));
});
afterAll(async () => {
  await worker?.stop();
  await web?.close();
  listener.close();
  await pool().query('DELETE FROM runs WHERE id = ANY($1::uuid[])', [runIds]);
  await releaseJobClient();
  await disconnect();
  fs.rmSync(dataDir, { recursive: true, force: true });
  fs.rmSync(hostTmpMarker, { force: true });
});

/** Prints the metrics the `command` contract reads: a JSON object on the last stdout line. */
const done = (expr = '{"combined_score": 1}') => `print(json.dumps(${expr}))`;

const PYTHON: Record<string, string> = {
  fork_bomb: 'import os\nwhile True:\n    os.fork()\n',
  allocate_8gb: 'x = bytearray(8 * 1024 ** 3)\nprint(len(x))\n',
  infinite_loop: 'while True:\n    pass\n',
  stdout_1gb: "import sys\nb = 'x' * (1 << 20)\nfor _ in range(1024):\n    sys.stdout.write(b)\n",
  sleep_past_limit: 'import time\ntime.sleep(60)\n',
  connect_host_port: `import json, socket
try:
    socket.create_connection(("127.0.0.1", ${'${PORT}'}), timeout=1).close()
    ok = True
except OSError:
    ok = False
${done('{"combined_score": 0, "connected": ok}')}
`,
  write_host_tmp: `import json
open("${hostTmpMarker}", "w").write("escaped")
${done()}
`,
  read_shadow: `import json
try:
    open("/etc/shadow").read()
    ok = True
except OSError:
    ok = False
${done('{"combined_score": 0, "read_shadow": ok}')}
`,
  orphan_child: `import json, os, sys, time
if os.fork() == 0:
    time.sleep(2.5)
    print("the orphan is still alive", flush=True)
    os._exit(0)
${done()}
sys.stdout.flush()
os._exit(0)
`,
};

const CPP_BROKEN = '#include <cstdio>\nint main() {\n  printf("%d\\n", undeclared_name);\n  return 0\n}\n';

async function hostileRun(language: string, programs: Record<string, string>, command: string) {
  const runId = await createLiveRun({ name: `hostile ${language} ${tag}`, framework: 'custom', scoreMetric: 'combined_score', language });
  runIds.push(runId);
  const names = Object.keys(programs);
  await appendPrograms(
    runId,
    names.map((name, i) => ({ externalId: name, code: programs[name], iteration: i, valid: true, score: 1, metrics: { combined_score: 1 } })),
  );
  await attachEvaluator(pool(), runId, {
    contract: 'command',
    command,
    programFile: language === 'cpp' ? 'main.cpp' : 'main.py',
    files: { 'README.txt': Buffer.from('runs the candidate as it is\n') },
    privateFiles: null,
    timeoutSeconds: LIMIT_S,
    memoryMb: 512,
    origin: 'cli',
  });
  const { rows } = await pool().query<{ id: string }>('SELECT id FROM programs WHERE run_id = $1 ORDER BY seq', [runId]);
  const batch = (await createEvaluationBatch({ runId, scope: 'programs', programIds: rows.map((r) => r.id), concurrency: 2 }))!;
  await enqueueEvaluationBatch(batch.id);
  return { runId, batchId: batch.id };
}

interface Row {
  name: string;
  status: string;
  sandbox_status: string;
  wall_ms: number;
  output: string | null;
  errors: string | null;
  public_metrics: Record<string, unknown> | null;
}

async function results(batchId: string): Promise<Map<string, Row>> {
  const { rows } = await pool().query<Row>(
    `SELECT p.external_id AS name, e.status, e.sandbox_status, e.wall_ms, e.output, e.errors, e.public_metrics
       FROM evaluations e JOIN programs p ON p.id = e.program_id WHERE e.batch_id = $1`,
    [batchId],
  );
  return new Map(rows.map((r) => [r.name, r]));
}

/** Processes whose uid is one of the sandbox slots' (62000-62063), anywhere on the host. */
function slotProcesses(): string[] {
  const out = execFileSync('ps', ['-eo', 'uid=,pid=,args='], { encoding: 'utf8' });
  return out.split('\n').filter((l) => {
    const uid = Number(l.trim().split(/\s+/)[0]);
    return uid >= 62000 && uid < 62064;
  });
}

it('hostile candidates in a worker job end typed, in time, with nothing escaping, while the app serves', { timeout: 240_000 }, async () => {
  const py = await hostileRun('python', Object.fromEntries(Object.entries(PYTHON).map(([k, v]) => [k, v.replace('${PORT}', String(port))])), 'python3 {program}');
  const cpp = await hostileRun('cpp', { does_not_compile: CPP_BROKEN }, '{binary}');
  worker = await startWorker({ EVOSCOPE_DATA_DIR: dataDir });

  // The app answers (the runs list, from the database) while the worker's sandboxes fork, allocate and loop.
  const latencies: number[] = [];
  const terminal = ['done', 'failed', 'cancelled'];
  for (const deadline = Date.now() + 200_000; ; ) {
    const t = Date.now();
    const res = await fetch(`${web!.url}/api/runs`, { headers: { host: `127.0.0.1:${process.env.PORT ?? 3000}` } });
    expect(res.status).toBe(200);
    latencies.push(Date.now() - t);
    const [a, b] = await Promise.all([getBatchProgress(py.runId, py.batchId), getBatchProgress(cpp.runId, cpp.batchId)]);
    if (terminal.includes(a!.status) && terminal.includes(b!.status)) break;
    if (Date.now() > deadline) throw new Error(`batches did not finish: ${a!.status} ${b!.status}\n${worker.log()}`);
    await new Promise((r) => setTimeout(r, 250));
  }
  expect(Math.max(...latencies)).toBeLessThan(5_000);

  const r = await results(py.batchId);
  expect([...r.keys()].sort()).toEqual(Object.keys(PYTHON).sort());
  const typed = (name: string) => [r.get(name)!.status, r.get(name)!.sandbox_status];
  expect(typed('fork_bomb')).toEqual(['candidate-error', 'pids']);
  expect(typed('allocate_8gb')).toEqual(['candidate-error', 'memory']);
  expect(typed('infinite_loop')).toEqual(['candidate-error', 'timeout']);
  expect(typed('stdout_1gb')).toEqual(['candidate-error', 'output-limit']);
  expect(typed('sleep_past_limit')).toEqual(['candidate-error', 'timeout']);
  for (const row of r.values()) expect(row.wall_ms, row.name).toBeLessThan((LIMIT_S + 1) * 1000);

  // No connection reached the host port; the program saw it refused.
  expect(typed('connect_host_port')).toEqual(['ok', 'ok']);
  expect(r.get('connect_host_port')!.public_metrics).toMatchObject({ connected: false });
  expect(connections).toBe(0);
  // The file went to the sandbox's own /tmp, not the host's.
  expect(typed('write_host_tmp')).toEqual(['ok', 'ok']);
  expect(fs.existsSync(hostTmpMarker)).toBe(false);
  expect(r.get('read_shadow')!.public_metrics).toMatchObject({ read_shadow: false });
  // The child that outlived its parent died with the run: its late line never appeared.
  expect(typed('orphan_child')).toEqual(['ok', 'ok']);
  await new Promise((res) => setTimeout(res, 3000));
  expect(r.get('orphan_child')!.output ?? '').not.toContain('the orphan is still alive');
  expect(slotProcesses()).toEqual([]);

  const c = (await results(cpp.batchId)).get('does_not_compile')!;
  expect([c.status, c.sandbox_status]).toEqual(['candidate-error', 'compile-error']);
  expect(c.errors).toMatch(/undeclared_name/);
  expect(c.errors).not.toContain(dataDir);
});

// `npm run bench -- ingest`: the live-ingestion load of issue 15 against a running server
// (BASE_URL, loopback only): CLIENTS concurrent clients, each creating its own run and posting
// BATCHES batches of PER_BATCH programs one after the other. Prints one JSON object: programs
// sent, acknowledged (200) and stored (counted in the database afterwards), lost (acknowledged
// but not stored), failed batches by status, and p50/p95 per batch. Bounded: every request has a
// timeout and the whole load a deadline, after which the remaining batches are not sent.
import { disconnect, pool } from '../../lib/db/client';
import { ingestToken } from '../../lib/db/settings';

const base = process.env.BASE_URL ?? '';
const CLIENTS = Number(process.env.BENCH_INGEST_CLIENTS ?? 20);
const BATCHES = Number(process.env.BENCH_INGEST_BATCHES ?? 50);
const PER_BATCH = Number(process.env.BENCH_INGEST_PER_BATCH ?? 100);
const REQUEST_TIMEOUT_MS = 60_000;
const DEADLINE_MS = Number(process.env.BENCH_INGEST_DEADLINE_MS ?? 600_000);

const { hostname, host } = new URL(base);
if (!['127.0.0.1', 'localhost', '[::1]'].includes(hostname)) throw new Error(`BASE_URL must be a loopback address (got ${hostname})`);

const token = await ingestToken();
const headers = { host, authorization: `Bearer ${token}`, 'content-type': 'application/json' };
const post = (p: string, body: unknown) =>
  fetch(`${base}${p}`, { method: 'POST', headers, body: JSON.stringify(body), signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });

const started = Date.now();
const latencies: number[] = [];
const failed: Record<string, number> = {};
let sent = 0;
let acknowledged = 0;
const runIds: string[] = [];

/** Deterministic source of realistic size (~400 bytes): no randomness needed for a load. */
const code = (c: number, i: number) =>
  Array.from({ length: 12 }, (_, k) => `def step_${k}(x):\n    return x * ${(c * 7919 + i * 104729 + k) % 10007} + ${k}`).join('\n');

async function client(c: number) {
  const res = await post('/api/ingest/runs', { name: `bench ingest client ${c}`, framework: 'custom', scoreMetric: 'score' });
  if (res.status !== 201) throw new Error(`creating a run failed: ${res.status} ${await res.text()}`);
  const { runId } = (await res.json()) as { runId: string };
  runIds.push(runId);
  for (let b = 0; b < BATCHES && Date.now() - started < DEADLINE_MS; b++) {
    const programs = Array.from({ length: PER_BATCH }, (_, k) => {
      const i = b * PER_BATCH + k;
      return { id: `c${c}-p${i}`, iteration: i, parent_ids: i ? [`c${c}-p${i - 1}`] : [], code: code(c, i), metrics: { score: i / 1000 } };
    });
    sent += PER_BATCH;
    const t = performance.now();
    const status = await post(`/api/ingest/runs/${runId}/programs`, { programs }).then(
      async (r) => (await r.arrayBuffer(), String(r.status)),
      (e: Error) => e.name,
    );
    latencies.push(performance.now() - t);
    if (status === '200') acknowledged += PER_BATCH;
    else failed[status] = (failed[status] ?? 0) + 1;
  }
}

await Promise.all(Array.from({ length: CLIENTS }, (_, c) => client(c)));
const wallMs = Date.now() - started;
const { rows } = await pool().query<{ n: number }>('SELECT count(*)::int AS n FROM programs WHERE run_id = ANY($1::uuid[])', [runIds]);
await disconnect();
const sorted = [...latencies].sort((a, b) => a - b);
const pct = (p: number) => Math.round(sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0);
process.stdout.write(
  `${JSON.stringify({
    clients: CLIENTS,
    batchesPerClient: BATCHES,
    programsPerBatch: PER_BATCH,
    sent,
    acknowledged,
    stored: rows[0].n,
    lost: Math.max(0, acknowledged - rows[0].n),
    failedBatches: failed,
    p50BatchMs: pct(50),
    p95BatchMs: pct(95),
    wallMs,
    programsPerSecond: Math.round((rows[0].n / wallMs) * 1000),
  })}\n`,
);

// The scatter points, the lineage graph and the other versioned bodies (issue 14, item 3) are
// cached per run version: the columnar body decodes to exactly the values stored, its packed form
// (?enc=gzip, an octet-stream of the gzipped JSON) decodes to the same JSON, a client holding the
// current version gets 304 for either form, and appending programs (or new analyses, for the
// graph) gives a new version at once. Renaming does not: neither body shows the name.
import zlib from 'node:zlib';
import { NextRequest } from 'next/server';
import { expect, it } from 'vitest';
import { GET as costCurveGET } from '../../app/api/runs/[runId]/cost-curve/route';
import { GET as cyclingGET } from '../../app/api/runs/[runId]/cycling/route';
import { GET as evolutionGET } from '../../app/api/runs/[runId]/evolution/route';
import { GET as graphGET } from '../../app/api/runs/[runId]/graph/route';
import { GET as pointsGET } from '../../app/api/runs/[runId]/points/route';
import { runGraphSchema } from '../../lib/contracts/api/graph';
import { pointsSchema } from '../../lib/contracts/api/points';
import { appendPrograms, createLiveRun } from '../../lib/db/appendPrograms';
import { pool } from '../../lib/db/client';
import { getRunGraphJson } from '../../lib/db/graph';
import { updateRun } from '../../lib/db/runEdit';
import { computeRunAnalyses } from '../../lib/services/analyses/runAnalyses';
import { useTestDatabase } from '../helpers/dbTest';

const { runIds } = useTestDatabase();
const host = `127.0.0.1:${process.env.PORT ?? 3000}`;

type Handler = typeof pointsGET;
async function call(handler: Handler, runId: string, query: string, headers: Record<string, string> = {}) {
  const req = new NextRequest(`http://${host}/api/runs/${runId}/x${query}`, { headers: { host, ...headers } });
  const res = await handler(req, { params: Promise.resolve({ runId }) });
  const bytes = Buffer.from(await res.arrayBuffer());
  const enc = res.headers.get('content-encoding');
  const type = res.headers.get('content-type');
  const text = type === 'application/octet-stream' ? zlib.gunzipSync(bytes).toString() : bytes.toString();
  return { status: res.status, etag: res.headers.get('etag'), encoding: enc, type, text, wire: bytes.length };
}

/** The JSON form and the packed form of one body: same JSON, packed smaller; each revalidates to 304. */
async function bothForms(handler: Handler, runId: string, query: string) {
  const json = await call(handler, runId, query, { 'accept-encoding': 'gzip, deflate, br' });
  const packed = await call(handler, runId, `${query}${query ? '&' : '?'}enc=gzip`, { 'accept-encoding': 'gzip, deflate, br' });
  expect(json.status).toBe(200);
  expect(json.type).toBe('application/json');
  expect(packed.status).toBe(200);
  expect(packed.type).toBe('application/octet-stream');
  expect(packed.encoding).toBeNull();
  expect(packed.text).toBe(json.text);
  expect(packed.etag).not.toBe(json.etag);
  const q = `${query}${query ? '&' : '?'}enc=gzip`;
  expect((await call(handler, runId, q, { 'if-none-match': packed.etag! })).status).toBe(304);
  expect((await call(handler, runId, query, { 'if-none-match': json.etag! })).status).toBe(304);
  return { json, packed };
}

const prog = (id: string, it: number, score: number | null, parents: string[] = []) => ({
  externalId: id,
  code: `x = ${it}\n`,
  iteration: it,
  valid: score !== null,
  score,
  metrics: score === null ? { error: 1 } : { score, aux: score * 2 },
  parents: parents.map((externalId) => ({ externalId })),
});

it('points: columnar values as stored, 304 for the current version, new version after an append', async () => {
  const runId = await createLiveRun({ name: `points cache ${Date.now()}`, framework: 'custom', scoreMetric: 'score' });
  runIds.push(runId);
  const many = Array.from({ length: 400 }, (_, i) => prog(`p${i}`, i, i % 9 === 0 ? null : i / 3, i ? [`p${i - 1}`] : []));
  await appendPrograms(runId, many);

  const plain = await call(pointsGET, runId, '');
  expect(plain.status).toBe(200);
  const points = pointsSchema.parse(JSON.parse(plain.text));
  // Exactly the stored values, column by column.
  const stored = await pool().query<{ seq: number; iteration: number; score: number | null; valid: boolean; id: string }>(
    'SELECT seq, iteration, score, valid, id::text AS id FROM programs WHERE run_id = $1 ORDER BY seq',
    [runId],
  );
  expect(points.count).toBe(400);
  expect(points.seq).toEqual(stored.rows.map((r) => r.seq));
  expect(points.iteration).toEqual(stored.rows.map((r) => r.iteration));
  expect(points.value).toEqual(stored.rows.map((r) => r.score));
  expect(points.valid).toEqual(stored.rows.map((r) => r.valid));
  expect(points.id).toEqual(stored.rows.map((r) => r.id));

  // Identity from the handler whatever the client accepts: Next drops a handler's
  // Content-Encoding and gzips on its own (lib/http/versionedBody.ts).
  const gz = await call(pointsGET, runId, '', { 'accept-encoding': 'gzip, deflate, br' });
  expect(gz.encoding).toBeNull();
  expect(gz.text).toBe(plain.text);
  const aux = await call(pointsGET, runId, '?metric=aux', { 'accept-encoding': 'gzip' });
  expect(pointsSchema.parse(JSON.parse(aux.text)).value).toEqual(stored.rows.map((r) => (r.score === null ? null : r.score * 2)));

  const again = await call(pointsGET, runId, '', { 'accept-encoding': 'gzip, deflate, br', 'if-none-match': gz.etag! });
  expect(again.status).toBe(304);
  expect(again.text).toBe('');

  // A rename changes neither body: still 304.
  await updateRun(runId, { name: 'renamed points cache' });
  expect((await call(pointsGET, runId, '', { 'accept-encoding': 'gzip, deflate, br', 'if-none-match': gz.etag! })).status).toBe(304);

  await appendPrograms(runId, [prog('late', 400, 1000, ['p399'])]);
  const after = await call(pointsGET, runId, '', { 'accept-encoding': 'gzip, deflate, br', 'if-none-match': gz.etag! });
  expect(after.status).toBe(200);
  expect(after.etag).not.toBe(gz.etag);
  const grown = pointsSchema.parse(JSON.parse(after.text));
  expect(grown.count).toBe(401);
  expect(grown.value[400]).toBe(1000);

  // The packed form: the same JSON, smaller on the wire; its own ETag and 304.
  const forms = await bothForms(pointsGET, runId, '?metric=aux');
  expect(forms.packed.wire).toBeLessThan(forms.json.wire / 2);
  expect((await call(pointsGET, runId, '?enc=br')).status).toBe(400);

  expect((await call(pointsGET, '00000000-0000-4000-8000-000000000000', '')).status).toBe(404);
  expect((await call(pointsGET, '00000000-0000-4000-8000-000000000000', '?enc=gzip')).status).toBe(404);
});

it('graph: the same body as built, 304, new version after analyses and after an append', async () => {
  const runId = await createLiveRun({ name: `graph version ${Date.now()}`, framework: 'custom', scoreMetric: 'score' });
  runIds.push(runId);
  await appendPrograms(runId, [prog('a', 0, 1), prog('b', 1, 2, ['a']), prog('c', 2, 3, ['b'])]);

  const first = await call(graphGET, runId, '', { 'accept-encoding': 'gzip' });
  expect(first.status).toBe(200);
  expect(JSON.parse(first.text)).toEqual(JSON.parse((await getRunGraphJson(runId))!));
  expect(runGraphSchema.parse(JSON.parse(first.text)).lineage).toBeNull();
  expect((await call(graphGET, runId, '', { 'accept-encoding': 'gzip', 'if-none-match': first.etag! })).status).toBe(304);

  // Stored analyses: pending (202, never cached) until the worker has stored them.
  expect((await call(evolutionGET, runId, '')).status).toBe(202);
  expect((await call(cyclingGET, runId, '?definitions=default&scope=lineage')).status).toBe(202);

  // The worker stores the lineage report (without touching the run row): a new version.
  await computeRunAnalyses(runId);
  const evolution = await call(evolutionGET, runId, '', { 'accept-encoding': 'gzip' });
  expect(evolution.status).toBe(200);
  expect(JSON.parse(evolution.text)).toHaveProperty('complexity');
  expect((await call(evolutionGET, runId, '', { 'accept-encoding': 'gzip', 'if-none-match': evolution.etag! })).status).toBe(304);
  const cycling = await call(cyclingGET, runId, '?definitions=default&scope=lineage');
  expect(cycling.status).toBe(200);
  expect(JSON.parse(cycling.text)).toHaveProperty('editCount');
  const analysed = await call(graphGET, runId, '', { 'accept-encoding': 'gzip', 'if-none-match': first.etag! });
  expect(analysed.status).toBe(200);
  const g = runGraphSchema.parse(JSON.parse(analysed.text));
  expect(g.lineage?.complete).toBe(true);
  expect(g.lineage!.depth).toHaveLength(3);
  expect(g.lineage!.depth.every((d) => d !== null)).toBe(true);
  expect((await call(graphGET, runId, '', { 'accept-encoding': 'gzip', 'if-none-match': analysed.etag! })).status).toBe(304);
  // The body is read from the worker's cached graph when there is one: dropping it (as an edit of
  // the flags behind the graph does) is a new version, not a stale body.
  await pool().query('DELETE FROM graph_cache WHERE run_id = $1', [runId]);
  const uncached = await call(graphGET, runId, '', { 'accept-encoding': 'gzip', 'if-none-match': analysed.etag! });
  expect(uncached.status).toBe(200);
  expect(uncached.etag).not.toBe(analysed.etag);

  await appendPrograms(runId, [prog('d', 3, 4, ['c'])]);
  const appended = await call(graphGET, runId, '', { 'accept-encoding': 'gzip', 'if-none-match': analysed.etag! });
  expect(appended.status).toBe(200);
  expect(runGraphSchema.parse(JSON.parse(appended.text)).externalIds).toEqual(['a', 'b', 'c', 'd']);
  expect((await call(evolutionGET, runId, '', { 'accept-encoding': 'gzip', 'if-none-match': evolution.etag! })).status).toBe(200);

  const lineageOnly = await call(graphGET, runId, '?only=lineage');
  const depth = JSON.parse(lineageOnly.text).lineage.depth as (number | null)[];
  expect(depth.slice(0, 3)).toEqual(g.lineage!.depth);
  expect(depth[3]).toBeNull();

  // Every versioned route a page fetches packed gives the same JSON in both forms.
  await bothForms(graphGET, runId, '');
  await bothForms(graphGET, runId, '?only=lineage');
  await computeRunAnalyses(runId);
  await bothForms(evolutionGET, runId, '');
  await bothForms(cyclingGET, runId, '?definitions=default&scope=lineage');
  const cost = await bothForms(costCurveGET, runId, '');
  expect(JSON.parse(cost.json.text)).toHaveProperty('cost');
  await appendPrograms(runId, [prog('e', 4, 5, ['d'])]);
  expect((await call(costCurveGET, runId, '?enc=gzip', { 'if-none-match': cost.packed.etag! })).status).toBe(200);
});

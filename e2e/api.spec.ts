import { expect, test } from '@playwright/test';
import { DEMO_RUNS } from './helpers';

type Run = { id: string; name: string; framework: string; programCount: number; bestScore: number | null; metricKeys?: string[] };

test('GET /api/health answers ok', async ({ request }) => {
  const res = await request.get('/api/health');
  expect(res.status()).toBe(200);
  expect(await res.json()).toEqual({ ok: true });
});

test('GET /api/runs lists runs with their headline fields', async ({ request }) => {
  const res = await request.get('/api/runs');
  expect(res.status()).toBe(200);
  const body = (await res.json()) as { runs: Run[]; nextCursor: string | null };
  expect(Array.isArray(body.runs)).toBe(true);
  for (const name of DEMO_RUNS) {
    const run = body.runs.find((r) => r.name === name);
    expect(run, name).toBeDefined();
    expect(run).toMatchObject({ id: expect.stringMatching(/^[0-9a-f-]{36}$/), framework: expect.any(String), programCount: expect.any(Number) });
    expect(run!.programCount).toBeGreaterThan(0);
    expect(run).toHaveProperty('bestScore');
  }
  const one = await request.get('/api/runs?limit=1');
  const page1 = await one.json();
  expect(page1.runs).toHaveLength(1);
  if (page1.nextCursor) {
    const page2 = await (await request.get(`/api/runs?limit=1&cursor=${page1.nextCursor}`)).json();
    expect(page2.runs[0].id).not.toBe(page1.runs[0].id);
  }
});

test('run endpoints validate input and answer 400/404 as JSON', async ({ request }) => {
  const bad = await request.get('/api/runs/not-a-uuid');
  expect(bad.status()).toBe(400);
  expect((await bad.json()).error).toMatch(/run id must be a UUID/);
  const missing = await request.get('/api/runs/00000000-0000-0000-0000-000000000000');
  expect(missing.status()).toBe(404);
  expect(await missing.json()).toEqual({ error: 'run not found' });
  expect((await request.get('/api/runs?limit=501')).status()).toBe(400);
});

test('per-run endpoints: detail, programs, points, best-so-far, program', async ({ request }) => {
  const { runs } = (await (await request.get('/api/runs')).json()) as { runs: Run[] };
  const run = runs.find((r) => r.name === DEMO_RUNS[0])!;
  const detail = (await (await request.get(`/api/runs/${run.id}`)).json()) as Run & { metricKeys: string[] };
  expect(detail.id).toBe(run.id);

  const programs = await (await request.get(`/api/runs/${run.id}/programs?limit=5&sort=-score`)).json();
  expect(programs.programs).toHaveLength(Math.min(5, run.programCount));
  expect(programs.total).toBe(run.programCount);
  expect((await request.get(`/api/runs/${run.id}/programs?limit=1000`)).status()).toBe(400);

  const points = await (await request.get(`/api/runs/${run.id}/points`)).json();
  expect(points.count).toBe(run.programCount);
  for (const col of ['seq', 'iteration', 'value', 'valid', 'id']) expect(points[col]).toHaveLength(points.count);

  const best = await request.get(`/api/runs/${run.id}/best-so-far`);
  expect([200, 202]).toContain(best.status());
  if (best.status() === 202) expect(await best.json()).toMatchObject({ pending: true });
  else expect((await best.json()).points.length).toBeGreaterThan(0);
  expect((await request.get(`/api/runs/${run.id}/best-so-far?metric=no-such-metric`)).status()).toBe(400);

  const program = await (await request.get(`/api/runs/${run.id}/programs/${programs.programs[0].id}`)).json();
  expect(program).toMatchObject({ id: programs.programs[0].id, code: expect.any(String) });
  expect(Array.isArray(program.parents)).toBe(true);
  expect((await request.get(`/api/runs/${run.id}/programs/00000000-0000-0000-0000-000000000000`)).status()).toBe(404);
});

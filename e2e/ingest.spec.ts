// Live HTTP ingestion: bearer-token auth, and a run page that updates as programs arrive.
import { expect, test } from '@playwright/test';
import { createLiveRun, ingestToken, postPrograms } from './ingest';

test('ingestion refuses requests without the token, or with a wrong one', async ({ request }) => {
  const none = await request.post('/api/ingest/runs', { data: { name: 'x' } });
  expect(none.status()).toBe(401);
  expect((await none.json()).error).toMatch(/bearer token/);
  const wrong = await request.post('/api/ingest/runs', { headers: { authorization: 'Bearer evo_wrong' }, data: { name: 'x' } });
  expect(wrong.status()).toBe(401);
  const programs = await request.post('/api/ingest/runs/00000000-0000-0000-0000-000000000000/programs', { data: { programs: [] } });
  expect(programs.status()).toBe(401);
});

test('a bad program record is refused with the field at fault', async ({ request }) => {
  const run = await createLiveRun(request, `bad record ${Date.now()}`);
  const res = await request.post(`/api/ingest/runs/${run.runId}/programs`, {
    headers: { authorization: `Bearer ${await ingestToken(request)}` },
    data: { programs: [{ id: 'a', code: 'x', parent_ids: 'p0' }] },
  });
  expect(res.status()).toBe(400);
  expect((await res.json()).error).toMatch(/programs\[0\]: parent_ids must be an array of strings/);
});

test('the run page updates while programs stream in', async ({ page, request }) => {
  const name = `live run ${Date.now()}`;
  const run = await createLiveRun(request, name);
  await postPrograms(request, run.runId, [{ id: 'p0', iteration: 0, code: 'a = 1\n', metrics: { score: 0.1 } }]);
  await page.goto(`/runs/${run.runId}`);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page.getByTestId('stat-programs').locator('dd')).toHaveText('1');
  await postPrograms(request, run.runId, [
    { id: 'p1', iteration: 1, code: 'a = 2\n', parent_ids: ['p0'], metrics: { score: 0.4 } },
    { id: 'p2', iteration: 2, code: 'a = 3\n', parent_ids: ['p1'], metrics: { score: 0.9 } },
  ]);
  // No reload: the live page polls.
  await expect(page.getByTestId('stat-programs').locator('dd')).toHaveText('3');
  await expect(page.getByRole('table', { name: 'Programs' }).getByText('p2')).toBeVisible();
});

// No wasted clicks (issue 24): on a run without an evaluator every action that needs one (the
// chain re-run, a program's Re-run, Tune / Replay / Ablate, the tuning sweep, Diagnose) is
// disabled with the reason beside it; the API refuses the same requests with 409 NO_EVALUATOR
// and stores nothing; once an evaluator is uploaded on the run page, its chain re-run is enabled
// without a reload, and the program page's actions are too.
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { createLiveRun, ingestToken, postPrograms } from './ingest';

const fixtures = path.resolve(import.meta.dirname, '..', 'tests', 'fixtures', 'evaluators');

async function expectDisabledWithReason(page: Page, name: string | RegExp) {
  const button = page.getByRole('button', { name, exact: typeof name === 'string' });
  await expect(button).toBeDisabled();
  // The reason is beside the button and named as its description.
  const reasonId = await button.getAttribute('aria-describedby');
  expect(reasonId, `${name} names its reason`).toBeTruthy();
  await expect(page.locator(`[id="${reasonId}"]`)).toContainText('no evaluator attached: attach one');
  await expect(page.locator(`[id="${reasonId}"]`)).toContainText('evoscope env attach');
}

test('actions that need an evaluator are disabled with the reason, refused by the API, and enabled once one is attached', async ({ page, request }) => {
  const { runId } = await createLiveRun(request, `no-evaluator-${Date.now()}`);
  await postPrograms(request, runId, [
    { id: 'p0', iteration: 0, code: 'def solve():\n    return [1, 2, 3]\n', metrics: { score: 1 } },
    { id: 'p1', iteration: 1, parent_ids: ['p0'], code: 'def solve():\n    return [1, 2, 3, 4]\n', metrics: { score: 2 } },
  ]);
  expect((await request.post(`/api/ingest/runs/${runId}/finish`, { headers: { authorization: `Bearer ${await ingestToken(request)}` }, data: {} })).ok()).toBeTruthy();
  const { programs } = (await (await request.get(`/api/runs/${runId}/programs?limit=10`)).json()) as { programs: { id: string; externalId: string }[] };
  const p1 = programs.find((p) => p.externalId === 'p1')!.id;

  // The API refuses, saying why, and stores nothing.
  for (const [url, data] of [
    [`/api/runs/${runId}/evaluations`, { programId: p1 }],
    [`/api/runs/${runId}/evaluations`, { scope: 'best-chain' }],
    [`/api/runs/${runId}/experiments`, { kind: 'ablate', programId: p1, params: {} }],
    [`/api/runs/${runId}/experiments`, { kind: 'tune', programId: p1, params: {} }],
    [`/api/runs/${runId}/experiments`, { kind: 'replay', programId: p1, params: {} }],
    [`/api/runs/${runId}/diagnoses`, {}],
    [`/api/runs/${runId}/tuning-sweep`, {}],
  ] as const) {
    const res = await request.post(url, { data });
    expect(res.status(), `${url} ${JSON.stringify(data)}: ${await res.text()}`).toBe(409);
    expect(await res.json()).toMatchObject({ code: 'NO_EVALUATOR', error: expect.stringContaining('no evaluator attached') });
  }
  expect((await (await request.get(`/api/runs/${runId}/experiments`)).json()).total).toBe(0);
  expect((await (await request.get(`/api/runs/${runId}/evaluations`)).json()).batches).toEqual([]);

  // The program page: Re-run, Tune, Replay and Ablate disabled, the reason beside them.
  await page.goto(`/runs/${runId}/programs/${p1}`);
  await expectDisabledWithReason(page, 'Re-run');
  for (const name of ['Tune…', 'Replay…', 'Ablate…']) await expectDisabledWithReason(page, name);

  // The experiments page's tuning sweep and the diagnoses page's form.
  await page.goto(`/runs/${runId}/experiments`);
  await page.getByRole('tab', { name: 'Tuning' }).click();
  await expectDisabledWithReason(page, 'Start the sweep');
  await page.goto(`/runs/${runId}/diagnoses`);
  await expectDisabledWithReason(page, 'Diagnose the plateau');

  // The run page: the chain re-run is disabled, pointing at the upload on this page.
  await page.goto(`/runs/${runId}`);
  const chain = page.getByTestId('chain-rerun');
  await expectDisabledWithReason(page, 'Re-run the best-so-far chain');
  await expect(chain.getByTestId('no-evaluator-reason')).toContainText('attach one on this page');
  await page.screenshot({ path: test.info().outputPath('run-without-evaluator.png'), fullPage: true });

  // Attaching one enables it at once, without a reload.
  const panel = page.getByTestId('evaluator-panel');
  await panel.getByText('Upload a new evaluator version').click();
  await panel.getByTestId('evaluator-folder').setInputFiles(path.join(fixtures, 'openevolve-sum'));
  await panel.getByRole('button', { name: 'Attach' }).click();
  await expect(panel.getByRole('status')).toHaveText('Stored as version 1.');
  await expect(page.getByRole('button', { name: 'Re-run the best-so-far chain' })).toBeEnabled();
  await expect(chain.getByTestId('no-evaluator-reason')).toHaveCount(0);
  await expect(chain).toContainText('evaluator version 1');

  await page.goto(`/runs/${runId}/programs/${p1}`);
  await expect(page.getByRole('button', { name: 'Re-run', exact: true })).toBeEnabled();
  await expect(page.getByRole('button', { name: 'Tune…' })).toBeEnabled();
  await expect(page.getByTestId('no-evaluator-reason')).toHaveCount(0);
});

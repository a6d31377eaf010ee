// Details of the overview, program and diff pages (issue 7, item 14): the overview's metric in
// the URL; the program's score change against its parent and its node in the lineage; the diff
// page's prefixes, inline / side-by-side, hidden unchanged regions and first change; a favicon.
import { expect, test } from '@playwright/test';
import { createLiveRun, postPrograms } from './ingest';
import { DEMO_RUNS, expectChartDrawn, openProgramWithParent, openRunFromList } from './helpers';

test('the overview keeps the chosen metric in the URL', async ({ page }) => {
  const runId = await openRunFromList(page, DEMO_RUNS[0]);
  await expectChartDrawn(page);
  const select = page.getByLabel('Score metric');
  const current = await select.inputValue();
  const other = (await select.locator('option').allTextContents()).find((o) => o !== current)!;
  await select.selectOption(other);
  await expect(page).toHaveURL(new RegExp(`/runs/${runId}\\?metric=${other}$`));
  await page.reload();
  await expect(page.getByLabel('Score metric')).toHaveValue(other);
  await expect(page.getByTestId('score-chart')).toContainText(`strict improvements of ${other}`);
});

test('a program page shows its score change against its parent and links to its lineage node', async ({ page, request }) => {
  const run = await createLiveRun(request, `score delta ${Date.now()}`);
  await postPrograms(request, run.runId, [
    { id: 'seed', iteration: 0, code: 'x = 1\n', metrics: { score: 0.5 } },
    { id: 'better', iteration: 1, code: 'x = 2\n', parent_ids: ['seed'], metrics: { score: 0.75 } },
    { id: 'worse', iteration: 2, code: 'x = 3\n', parent_ids: ['better'], metrics: { score: 0.7 } },
  ]);
  const list = (await (await request.get(`/api/runs/${run.runId}/programs?limit=10`)).json()) as { programs: { id: string; externalId: string }[] };
  const id = (ext: string) => list.programs.find((p) => p.externalId === ext)!.id;

  await page.goto(`/runs/${run.runId}/programs/${id('better')}`);
  await expect(page.getByTestId('score-delta')).toHaveText('+0.25 vs parent');
  await expect(page.getByTestId('score-delta')).toHaveAttribute('data-direction', 'better');
  await page.goto(`/runs/${run.runId}/programs/${id('worse')}`);
  await expect(page.getByTestId('score-delta')).toHaveText('−0.05 vs parent');
  await expect(page.getByTestId('score-delta')).toHaveAttribute('data-direction', 'worse');
  await page.goto(`/runs/${run.runId}/programs/${id('seed')}`);
  await expect(page.getByTestId('score-delta')).toHaveCount(0);

  await page.getByRole('link', { name: 'Show in lineage' }).click();
  await expect(page).toHaveURL(new RegExp(`/runs/${run.runId}/lineage\\?node=${id('seed')}`));
  await expect(page.getByTestId('lineage-panel').getByRole('heading', { level: 2 })).toHaveText('seed');
});

test('the diff page takes prefixes, switches inline / side by side, hides unchanged regions and opens at the first change', async ({ page }) => {
  const runId = await openRunFromList(page, DEMO_RUNS[0]);
  const programId = await openProgramWithParent(page);
  const program = (await (await page.request.get(`/api/runs/${runId}/programs/${programId}`)).json()) as {
    parents: { id: string | null; externalId: string }[];
  };
  const parent = program.parents.find((p) => p.id)!;
  const diff = page.getByTestId('diff-editor');

  // A uuid prefix, then a source-id prefix.
  for (const prefix of [parent.id!.slice(0, 8), parent.externalId.slice(0, Math.max(4, parent.externalId.length - 2))]) {
    await page.goto(`/runs/${runId}/programs/${programId}/diff`);
    await page.getByRole('textbox', { name: 'Compare against' }).fill(prefix);
    await page.getByRole('button', { name: 'Show diff' }).click();
    await expect(page).toHaveURL(/against=/);
    await expect(diff).toHaveAttribute('data-ready', 'true');
    await expect(page.locator(`a[href$="/programs/${parent.id}"]`).first()).toBeVisible();
  }

  await page.goto(`/runs/${runId}/programs/${programId}/diff`);
  await expect(diff).toHaveAttribute('data-ready', 'true');
  // Opens at the first change, with unchanged regions folded away.
  await expect(diff).toHaveAttribute('data-first-change', /^\d+$/);
  await expect(diff).toHaveAttribute('data-hide-unchanged', 'true');
  const first = Number(await diff.getAttribute('data-first-change'));
  await expect(diff.locator('.editor.modified .line-numbers').filter({ hasText: new RegExp(`^${first}$`) })).toBeVisible();

  await expect(diff.locator('.monaco-diff-editor')).toHaveClass(/side-by-side/);
  await page.getByRole('radio', { name: 'Inline' }).check();
  await expect(diff).toHaveAttribute('data-layout', 'inline');
  await expect(diff.locator('.monaco-diff-editor')).not.toHaveClass(/side-by-side/);
  await page.screenshot({ path: test.info().outputPath('inline.png') });
  await page.getByRole('radio', { name: 'Side by side' }).check();
  await expect(diff).toHaveAttribute('data-layout', 'side-by-side');
  await expect(diff.locator('.monaco-diff-editor')).toHaveClass(/side-by-side/);

  await page.screenshot({ path: test.info().outputPath('side-by-side.png') });
  await page.getByRole('checkbox', { name: 'Hide unchanged regions' }).uncheck();
  await expect(diff).toHaveAttribute('data-hide-unchanged', 'false');
});

test('every page has a favicon and no request ends in 404', async ({ page }) => {
  const missing: string[] = [];
  page.on('response', (r) => {
    if (r.status() === 404) missing.push(r.url());
  });
  const runId = await openRunFromList(page, DEMO_RUNS[0]);
  await page.goto(`/runs/${runId}`);
  const href = await page.locator('link[rel="icon"]').first().getAttribute('href');
  expect(href).toBeTruthy();
  const icon = await page.request.get(href!);
  expect(icon.status()).toBe(200);
  expect(icon.headers()['content-type']).toContain('image/svg+xml');
  const favicon = await page.request.get('/favicon.ico');
  expect(favicon.status()).toBe(200);
  expect(missing).toEqual([]);
});

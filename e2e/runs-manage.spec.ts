// The runs list at scale: the real FunSearch export (33 runs, read from shared/real-runs and
// uploaded as a .tar.gz) is grouped under its import with a compare-all link; search and filter
// run on the server; rename, tags and delete (with confirmation) work from the list; the
// best-score column names its metric. Only runs of this upload are changed: later specs find
// the demo runs by name.
import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import * as tar from 'tar';
import { awaitImport, DEMO_RUNS, FUNSEARCH_DEMO_RUN } from './helpers';

const realRuns = path.resolve(process.env.EVOSCOPE_REAL_RUNS ?? path.join(import.meta.dirname, '..', '..', 'shared', 'real-runs'));
const FUNSEARCH = 'funsearch__lumi-a__funsearch__json-data';
const RENAMED = 'Gasoline 2D, Lucas start (renamed)';

const runRows = (page: Page) => page.getByRole('table', { name: 'Runs' }).getByTestId('run-row');
const rowOf = (page: Page, name: string) => runRows(page).filter({ has: page.getByRole('link', { name, exact: true }) });

test.describe.configure({ mode: 'serial' });
test.setTimeout(180_000);

let archiveName = '';

test('a FunSearch export uploads as 33 runs grouped under their import, compared in one click', async ({ page }, info) => {
  expect(fs.existsSync(path.join(realRuns, FUNSEARCH)), `real runs at ${realRuns}`).toBe(true);
  const archive = info.outputPath('funsearch-export.tar.gz');
  const dir = path.join(realRuns, FUNSEARCH);
  await tar.c({ gzip: true, file: archive, cwd: dir, portable: true }, fs.readdirSync(dir));
  archiveName = path.basename(archive);
  await page.goto('/upload');
  await page.getByTestId('upload-input').setInputFiles(archive);
  await page.getByRole('button', { name: 'Import' }).click();
  await expect(await awaitImport(page)).toHaveAttribute('data-status', 'succeeded');

  await page.goto('/');
  const group = page.getByTestId('import-group').filter({ hasText: archiveName });
  await expect(group).toContainText('33 runs');
  const compare = group.getByTestId('compare-import');
  await expect(compare).toHaveText('Compare all 33');
  const ids = new URL((await compare.getAttribute('href'))!, 'http://x').searchParams.get('runs')!.split(',');
  expect(new Set(ids).size).toBe(33);
  // Collapsing the group hides its runs; expanding shows them again.
  await group.getByRole('button', { name: `Collapse import ${archiveName}` }).click();
  await expect(rowOf(page, 'gasoline_2d_1743513307')).toHaveCount(0);
  await group.getByRole('button', { name: `Expand import ${archiveName}` }).click();
  await expect(rowOf(page, 'gasoline_2d_1743513307')).toHaveCount(1);

  await compare.click();
  await expect(page).toHaveURL(/\/compare\?runs=/);
  const compared = page.getByRole('table', { name: 'Compared runs' });
  await expect(compared.getByRole('link', { name: 'gasoline_2d_1743513307', exact: true })).toBeVisible();
  await expect(compared.getByTestId('compare-row')).toHaveCount(33);
});

test('the best-score column names its metric', async ({ page }) => {
  await page.goto('/');
  const table = page.getByRole('table', { name: 'Runs' });
  await expect(table.getByRole('columnheader', { name: 'Best score (metric)' })).toBeVisible();
  await expect(rowOf(page, 'gasoline_2d_1743513307').getByTestId('best-score-metric')).toHaveText('score');
  await expect(rowOf(page, DEMO_RUNS[0]).getByTestId('best-score-metric')).toHaveText('combined_score');
});

test('search and filters narrow the list on the server', async ({ page }) => {
  await page.goto('/');
  await expect(rowOf(page, DEMO_RUNS[0])).toHaveCount(1);
  const requests: string[] = [];
  page.on('request', (r) => r.url().includes('/api/runs?') && requests.push(r.url()));

  await page.getByRole('searchbox', { name: 'Search runs' }).fill('gasoline_2d_17435');
  await expect(runRows(page)).toHaveCount(2); // gasoline_2d_1743513307 and gasoline_2d_1743584434
  await expect(rowOf(page, 'gasoline_2d_1743513307')).toHaveCount(1);
  expect(requests.some((u) => new URL(u).searchParams.get('q') === 'gasoline_2d_17435')).toBe(true);
  await expect(page.getByTestId('import-group')).toContainText('2 shown');

  await page.getByRole('button', { name: 'Clear filters' }).click();
  await page.getByRole('combobox', { name: 'Framework', exact: true }).selectOption('funsearch');
  // The export's 33 runs and the FunSearch-style demo run.
  await expect(runRows(page)).toHaveCount(34);
  await expect(rowOf(page, FUNSEARCH_DEMO_RUN)).toHaveCount(1);
  await expect(rowOf(page, DEMO_RUNS[0])).toHaveCount(0);
  await page.getByRole('combobox', { name: 'Framework', exact: true }).selectOption('openevolve');
  await expect(rowOf(page, DEMO_RUNS[0])).toHaveCount(1);
  await expect(rowOf(page, 'gasoline_2d_1743513307')).toHaveCount(0);

  await page.getByRole('button', { name: 'Clear filters' }).click();
  await page.getByRole('combobox', { name: 'Language', exact: true }).selectOption('cpp');
  await expect(rowOf(page, DEMO_RUNS[1])).toHaveCount(1);
  await expect(rowOf(page, DEMO_RUNS[0])).toHaveCount(0);

  await page.getByRole('combobox', { name: 'Language', exact: true }).selectOption('');
  await page.getByRole('searchbox', { name: 'Search runs' }).fill('no run is called this');
  await expect(page.getByText('No run matches these filters.')).toBeVisible();
  await expect(runRows(page)).toHaveCount(0);
});

test('rename and tag a run from the list; the tag becomes a filter', async ({ page }) => {
  await page.goto('/');
  const row = rowOf(page, 'gasoline_2d_1743513307');
  await row.getByRole('button', { name: 'Rename gasoline_2d_1743513307' }).click();
  const input = page.getByRole('textbox', { name: 'New name for gasoline_2d_1743513307' });
  await input.fill(RENAMED);
  await input.press('Enter');
  await expect(rowOf(page, RENAMED)).toHaveCount(1);

  const renamed = rowOf(page, RENAMED);
  await renamed.getByRole('button', { name: `Edit tags of ${RENAMED}` }).click();
  const tags = renamed.getByRole('textbox', { name: `Tags for ${RENAMED}` });
  await tags.fill('baseline, lucas-start');
  await renamed.getByRole('button', { name: 'Save' }).click();
  await expect(renamed.getByTestId('run-tag')).toHaveText(['baseline', 'lucas-start']);

  await page.reload();
  await expect(rowOf(page, RENAMED).getByTestId('run-tag')).toHaveText(['baseline', 'lucas-start']);
  await page.getByRole('combobox', { name: 'Tag', exact: true }).selectOption('baseline');
  await expect(runRows(page)).toHaveCount(1);
  await expect(rowOf(page, RENAMED)).toHaveCount(1);
  await page.getByRole('searchbox', { name: 'Search runs' }).fill('renamed');
  await expect(runRows(page)).toHaveCount(1);
});

test('delete asks first, then removes the run for good', async ({ page, request }) => {
  await page.goto('/');
  const row = rowOf(page, RENAMED);
  const href = await row.getByRole('link', { name: RENAMED }).getAttribute('href');
  const runId = href!.split('/').pop()!;

  await row.getByRole('button', { name: `Delete ${RENAMED}` }).click();
  const dialog = page.getByRole('dialog', { name: `Delete “${RENAMED}”?` });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(rowOf(page, RENAMED)).toHaveCount(1);

  await row.getByRole('button', { name: `Delete ${RENAMED}` }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete run' }).click();
  await expect(page.getByRole('dialog')).toBeHidden();
  await expect(rowOf(page, RENAMED)).toHaveCount(0);
  await expect(page.getByTestId('import-group').filter({ hasText: archiveName })).toContainText('32 runs');
  expect((await request.get(`/api/runs/${runId}`)).status()).toBe(404);
  await page.reload();
  await expect(rowOf(page, 'gasoline_2d_1743498946')).toHaveCount(1);
  await expect(rowOf(page, RENAMED)).toHaveCount(0);
});

test('the run routes refuse bad input and unknown runs', async ({ request }) => {
  const list = await (await request.get('/api/runs?framework=funsearch&limit=1')).json();
  const runId = list.runs[0].id as string;
  const bad = await request.patch(`/api/runs/${runId}`, { data: { name: '   ' } });
  expect(bad.status()).toBe(400);
  expect((await bad.json()).error).toContain('name must not be empty');
  expect((await request.patch(`/api/runs/${runId}`, { data: { tags: ['a,b'] } })).status()).toBe(400);
  const missing = '00000000-0000-4000-8000-000000000000';
  expect((await request.patch(`/api/runs/${missing}`, { data: { name: 'x' } })).status()).toBe(404);
  expect((await request.delete(`/api/runs/${missing}`)).status()).toBe(404);
  expect((await request.delete('/api/runs/not-a-uuid')).status()).toBe(400);
});

test('a Shinka generation without results shows as not evaluated, not invalid', async ({ page }, info) => {
  const dir = path.join(realRuns, 'shinka__UT-AiInfra__cuco__ds-v3-moe');
  const archive = info.outputPath('cuco-shinka.tar.gz');
  await tar.c({ gzip: true, file: archive, cwd: dir, portable: true }, fs.readdirSync(dir));
  await page.goto('/upload');
  await page.getByTestId('upload-input').setInputFiles(archive);
  await page.getByRole('button', { name: 'Import' }).click();
  const status = await awaitImport(page);
  await expect(status).toHaveAttribute('data-status', 'succeeded');
  await status.getByRole('link').first().click();
  await expect(page.getByTestId('stat-not-evaluated')).toContainText('1');
  await expect(page.getByTestId('stat-invalid')).toContainText(/^Invalid\s*2\b/);
  const programs = page.getByRole('table', { name: 'Programs' });
  const gen4 = programs.getByTestId('program-row').filter({ has: page.getByRole('link', { name: 'gen_4', exact: true }) });
  await expect(gen4.getByTestId('program-status')).toHaveText('not evaluated');
  await expect(programs.getByTestId('program-status').filter({ hasText: /^invalid$/ })).toHaveCount(2);
});

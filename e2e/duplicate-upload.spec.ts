// Duplicates of a run through the browser (issue 24, item 2): a small real run (ShinkaEvolve, 18
// programs) uploaded twice. The second upload says which stored run it repeats (name, short id,
// import date, source), links it ("Open it") and stores nothing until "Import again", which
// stores a second run. The runs list then shows both with different short ids, and the compare
// and review pickers label them apart by import date, source and short id.
import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import * as tar from 'tar';
import { uploadRunFile } from './helpers';

const realRuns = path.resolve(process.env.EVOSCOPE_REAL_RUNS ?? path.join(import.meta.dirname, '..', '..', 'shared', 'real-runs'));
const SHINKA = 'shinka__UT-AiInfra__cuco__ds-v3-moe';
const ARCHIVE = 'dup-shinka.tar.gz';

const short = (id: string) => id.slice(0, 8);
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** "2026-11-28 09:12 UTC", as the pages write an ISO date. */
const dateOf = (iso: string) => `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;

test('the same run uploaded twice: named on the second upload, stored again on request, told apart', async ({ page }, info) => {
  test.setTimeout(240_000);
  const dir = path.join(realRuns, SHINKA);
  const archive = info.outputPath(ARCHIVE);
  await tar.c({ gzip: true, file: archive, cwd: dir, portable: true }, fs.readdirSync(dir));

  // The first upload stores it. (Had another spec stored this run already, the helper imports it again.)
  const first = await uploadRunFile(page, archive);
  const stored = (await (await page.request.get(`/api/runs/${first}`)).json()) as { name: string; importedAt: string; origin: string };
  expect(stored.origin).toBe(`archive ${ARCHIVE}`);

  // The second upload stores nothing and names the stored run.
  await page.goto('/upload');
  await page.getByTestId('upload-input').setInputFiles(archive);
  await page.getByRole('button', { name: 'Import' }).click();
  const status = page.getByTestId('import-status');
  await expect(status).toHaveAttribute('data-status', 'duplicate', { timeout: 120_000 });
  const importId = new URL(page.url()).searchParams.get('import');
  const named = status.getByTestId('duplicate-of').filter({ has: page.locator(`a[href="/runs/${first}"]`) });
  await expect(named).toContainText(`run ${stored.name} (${short(first)}), imported on ${dateOf(stored.importedAt)} from archive ${ARCHIVE}`);
  await expect(status).toContainText('Nothing of it was stored');
  const before = (await (await page.request.get('/api/runs?limit=500')).json()).runs.length;

  // "Open it" goes to the stored run; back on the upload page, the choice is still there.
  await named.getByRole('link', { name: 'Open it' }).click();
  await expect(page).toHaveURL(new RegExp(`/runs/${first}$`));
  await expect(page.getByRole('heading', { level: 1, name: stored.name })).toBeVisible();
  await page.goBack();
  await expect(page).toHaveURL(new RegExp(`import=${importId}`));
  await expect(status).toHaveAttribute('data-status', 'duplicate');
  expect((await (await page.request.get('/api/runs?limit=500')).json()).runs.length).toBe(before);

  // "Import again" stores it as a second run.
  await status.getByRole('button', { name: 'Import again' }).click();
  await expect(status).toHaveAttribute('data-status', 'succeeded', { timeout: 120_000 });
  const href = await status.getByRole('link').first().getAttribute('href');
  const second = href!.split('/').pop()!;
  expect(second).not.toBe(first);
  await expect(status.getByRole('listitem')).toContainText('(18 programs)');

  // The runs list: both rows, each with its own short id.
  await page.goto('/');
  await page.getByRole('searchbox', { name: 'Search runs' }).fill(stored.name);
  const rows = page.getByRole('table', { name: 'Runs' }).getByTestId('run-row').filter({ has: page.getByRole('link', { name: stored.name, exact: true }) });
  for (const id of [first, second]) {
    const row = rows.filter({ has: page.locator(`a[href="/runs/${id}"]`) });
    await expect(row.getByTestId('run-short-id')).toHaveText(short(id));
    await expect(row.getByTestId('run-origin')).toHaveText(`archive ${ARCHIVE}`);
  }

  // The compare picker: both labelled with import date, source and short id; compared apart.
  await page.goto('/compare');
  const label = (id: string) => `${escape(stored.name)} · \\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d UTC · archive ${escape(ARCHIVE)} · ${short(id)}`;
  for (const id of [first, second]) await expect(page.getByRole('checkbox', { name: new RegExp(`^${label(id)} `) })).toBeVisible();
  // The review picker (New review session) labels them the same way.
  await page.goto('/review');
  const form = page.getByRole('form', { name: 'New review session' });
  for (const id of [first, second]) await expect(form.getByRole('checkbox', { name: new RegExp(`^${label(id)} `) })).toBeVisible();
  await page.goto(`/compare?runs=${first},${second}`);
  const compared = page.getByRole('table', { name: 'Compared runs' });
  for (const id of [first, second]) await expect(compared.locator(`a[href="/runs/${id}"]`)).toHaveText(new RegExp(`^${label(id)}$`));
});

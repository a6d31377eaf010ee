// Shared steps of the browser tests. Runs are always found through the runs list (by name),
// never by hard-coded ids: `npm test` loads the demo runs below before Playwright starts.
import { expect, type Page } from '@playwright/test';

export const DEMO_RUNS = ['Demo · circle packing (Python)', 'Demo · AHC heuristic (C++)'] as const;
/** The third demo run (lib/services/demo/funsearch): a FunSearch-style search with its programs database
 * state (islands, clusters, temperature, resets, counters, costs). Apart from DEMO_RUNS, which
 * specs iterate over expecting OpenEvolve runs. */
export const FUNSEARCH_DEMO_RUN = 'Demo · FunSearch bin packing (Python)';

/** Opens a run's overview by clicking its name in the runs list; returns the run id from the URL. */
export async function openRunFromList(page: Page, name: string): Promise<string> {
  await page.goto('/');
  await page.getByRole('table', { name: 'Runs' }).getByRole('link', { name, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  const m = /\/runs\/([0-9a-f-]{36})$/.exec(new URL(page.url()).pathname);
  expect(m, `run URL ${page.url()}`).not.toBeNull();
  return m![1];
}

/** Waits until the overview chart has drawn its dots and the best-so-far curve. */
export async function expectChartDrawn(page: Page) {
  const chart = page.getByTestId('score-chart');
  await expect(chart).toHaveAttribute('data-state', 'ready');
  await expect(chart.locator('canvas')).toBeVisible();
  await expect(chart.locator('[data-drawn="true"]')).toBeVisible();
  // The curve is stored by the worker; the chart polls until it is there.
  await expect(page.getByTestId('best-so-far-path')).toHaveAttribute('d', /^M\s*[\d.-]/);
}

/** From a run overview, opens a program that has a parent in the archive; returns its id. */
export async function openProgramWithParent(page: Page): Promise<string> {
  const table = page.getByRole('table', { name: 'Programs' });
  const row = table.getByRole('row').filter({ has: page.getByTestId('parent-link') }).first();
  await row.getByTestId('program-link').click();
  await expect(page.getByRole('heading', { level: 1, name: /^Program/ })).toBeVisible();
  return new URL(page.url()).pathname.split('/').pop()!;
}

/** A word from the first lines of a source, to look for in the rendered editor. */
export function wordFromSource(code: string): string {
  const words = code
    .split('\n')
    .slice(0, 8)
    .flatMap((l) => l.match(/[A-Za-z_][A-Za-z0-9_]{3,}/g) ?? []);
  expect(words.length, 'source has a word in its first lines').toBeGreaterThan(0);
  return words.reduce((a, b) => (b.length > a.length ? b : a));
}

/**
 * Waits for the import the upload page shows to end (succeeded or failed); returns its status box.
 * Specs share one database and upload the same real runs: an upload found to repeat a stored run
 * (status 'duplicate', issue 24 item 2) is stored anyway with "Import again", as a user would who
 * wants the copy. e2e/duplicate-upload.spec.ts is the spec about duplicates.
 */
export async function awaitImport(page: Page, timeout = 120_000) {
  const status = page.getByTestId('import-status');
  await expect(status).toHaveAttribute('data-status', /^(succeeded|failed|duplicate)$/, { timeout });
  if ((await status.getAttribute('data-status')) === 'duplicate') {
    await status.getByRole('button', { name: 'Import again' }).click();
    await expect(status).toHaveAttribute('data-status', /^(succeeded|failed)$/, { timeout });
  }
  return status;
}

/** Uploads one file (an archive or a run file) through /upload and returns the run it stored. */
export async function uploadRunFile(page: Page, file: string): Promise<string> {
  await page.goto('/upload');
  await page.getByTestId('upload-input').setInputFiles(file);
  await page.getByRole('button', { name: 'Import' }).click();
  const status = await awaitImport(page);
  await expect(status).toHaveAttribute('data-status', 'succeeded');
  const href = await status.getByRole('link').first().getAttribute('href');
  return href!.split('/').pop()!;
}

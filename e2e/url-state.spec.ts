// Issue 24, item 5: what a page shows is in its URL and survives a reload and Back: the programs
// table's sort and page, the cycling edits' sort and page, the experiments tab, the sort of a
// label's edits on the taxonomy page.
import { expect, test, type Page } from '@playwright/test';
import { DEMO_RUNS } from './helpers';

/**
 * The demo run's id from the API, not from the runs list: when this spec runs after the upload
 * specs, the demo runs are no longer on the list's first page. The first imported of that name.
 */
async function demoRunId(page: Page, name: string): Promise<string> {
  const res = await page.request.get(`/api/runs?q=${encodeURIComponent(name)}&limit=500`);
  expect(res.ok(), await res.text()).toBeTruthy();
  const { runs } = (await res.json()) as { runs: { id: string; name: string; importedAt: string }[] };
  const named = runs.filter((r) => r.name === name).sort((a, b) => a.importedAt.localeCompare(b.importedAt));
  expect(named.length, `a run named ${name}`).toBeGreaterThan(0);
  return named[0].id;
}

test('the programs table keeps its sort and page in the URL', async ({ page }) => {
  const runId = await demoRunId(page, DEMO_RUNS[0]);
  await page.goto(`/runs/${runId}`);
  const table = page.getByRole('table', { name: 'Programs' });
  await expect(table.getByTestId('program-row').first()).toBeVisible();
  await table.getByRole('columnheader', { name: /Score/ }).getByRole('button').click();
  await expect(page).toHaveURL(/[?&]programs=-score(&|$)/);
  await page.getByRole('navigation', { name: 'Programs pages' }).getByRole('button', { name: /Next/ }).click();
  await expect(page).toHaveURL(/[?&]from=100(&|$)/);
  const firstOnPage = await table.getByTestId('program-row').first().textContent();
  await page.reload();
  await expect(table.getByRole('columnheader', { name: /Score/ })).toHaveAttribute('aria-sort', 'descending');
  await expect(table.getByTestId('program-row').first()).toHaveText(firstOnPage!);
});

test('the cycling edits keep their sort and page across a diff and Back', async ({ page }) => {
  const runId = await demoRunId(page, DEMO_RUNS[0]);
  await page.goto(`/runs/${runId}/cycling`);
  const edits = page.getByTestId('edits-table');
  await expect(edits).toHaveAttribute('data-state', 'ready');
  await expect(edits.getByTestId('edit-row').first()).toBeVisible();
  await edits.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(/[?&]edits=\d+/);
  await edits.getByRole('columnheader', { name: 'Added', exact: true }).getByRole('button').click();
  await expect(page).toHaveURL(/[?&]sort=-added(&|$)/);
  const url = page.url();
  const firstRow = await edits.getByTestId('edit-row').first().textContent();
  await edits.getByTestId('edit-row').first().getByRole('link', { name: 'diff' }).click();
  await expect(page).toHaveURL(/\/diff/);
  await page.goBack();
  await expect(page).toHaveURL(url);
  await expect(edits.getByRole('columnheader', { name: 'Added', exact: true })).toHaveAttribute('aria-sort', 'descending');
  await expect(edits.getByTestId('edit-row').first()).toHaveText(firstRow!);
  await page.reload();
  await expect(edits.getByTestId('edit-row').first()).toHaveText(firstRow!);
});

test('the experiments page keeps its tab in the URL', async ({ page }) => {
  const runId = await demoRunId(page, DEMO_RUNS[0]);
  await page.goto(`/runs/${runId}/experiments`);
  const tuning = page.getByRole('tab', { name: /^Tuning/ });
  await tuning.click();
  await expect(tuning).toHaveAttribute('aria-selected', 'true');
  await expect(page).toHaveURL(/[?&]tab=tuning(&|$)/);
  await page.reload();
  await expect(page.getByRole('tab', { name: /^Tuning/ })).toHaveAttribute('aria-selected', 'true');
  await page.getByRole('tab', { name: /^Replays/ }).click();
  await expect(page).not.toHaveURL(/tab=/);
});

test("a label's edits keep their sort in the URL", async ({ page }) => {
  const runId = await demoRunId(page, DEMO_RUNS[0]);
  await page.goto(`/runs/${runId}/taxonomy?label=hyperparameter_tuning`);
  const edits = page.getByTestId('label-edits');
  await expect(edits).toHaveAttribute('data-state', 'ready');
  await edits.getByRole('columnheader', { name: 'Iteration' }).getByRole('button').click();
  await expect(page).toHaveURL(/[?&]sort=seq(&|$)/);
  await expect(edits).toHaveAttribute('data-state', 'ready');
  const first = await edits.getByTestId('label-edit-row').first().textContent();
  await page.reload();
  await expect(page.getByTestId('label-edits')).toHaveAttribute('data-state', 'ready');
  await expect(page.getByTestId('label-edits').getByRole('columnheader', { name: 'Iteration' })).toHaveAttribute('aria-sort', 'ascending');
  await expect(page.getByTestId('label-edits').getByTestId('label-edit-row').first()).toHaveText(first!);
});

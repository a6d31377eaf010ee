import { expect, test, type Locator } from '@playwright/test';
import { DEMO_RUNS } from './helpers';

/**
 * A column's texts by block, in display order: runs imported together are listed together under
 * their import's header (a block), any other run is a block of its own. Sorting orders each
 * block's rows, and the blocks by their first row.
 */
async function columnBlocks(table: Locator, index: number): Promise<string[][]> {
  return table.locator('tbody tr').evaluateAll((rows, i) => {
    const blocks: string[][] = [];
    let group: string[] | null = null;
    for (const r of rows) {
      if (r.getAttribute('data-testid') === 'import-group') {
        group = [];
        blocks.push(group);
      } else if (r.getAttribute('data-testid') === 'run-row') {
        // A cell's link is what it sorts by (the name cell also shows the run's short id and tags).
        const cell = r.children[i];
        const text = (cell?.querySelector('a') ?? cell)?.textContent?.trim() ?? '';
        if (r.classList.contains('in-group') && group) group.push(text);
        else {
          group = null;
          blocks.push([text]);
        }
      }
    }
    return blocks.filter((b) => b.length > 0);
  }, index);
}

/** Each block in order, and the blocks in order of their first row. */
function expectSortedBlocks<T>(blocks: T[][], cmp: (a: T, b: T) => number) {
  for (const b of blocks) expect(b).toEqual([...b].sort(cmp));
  const heads = blocks.map((b) => b[0]);
  expect(heads).toEqual([...heads].sort(cmp));
}

const count = (t: string) => Number(t.replace(/,/g, ''));

test('the runs list shows the demo runs and links to them', async ({ page }) => {
  await page.goto('/');
  const table = page.getByRole('table', { name: 'Runs' });
  for (const name of DEMO_RUNS) await expect(table.getByRole('link', { name, exact: true })).toBeVisible();
  await table.getByRole('link', { name: DEMO_RUNS[0], exact: true }).click();
  await expect(page).toHaveURL(/\/runs\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 1, name: DEMO_RUNS[0] })).toBeVisible();
});

test('clicking a column header sorts the runs, and says so with aria-sort', async ({ page }) => {
  await page.goto('/');
  const table = page.getByRole('table', { name: 'Runs' });
  await expect(table.getByRole('link', { name: DEMO_RUNS[1], exact: true })).toBeVisible();
  const programsHeader = table.getByRole('columnheader', { name: 'Programs' });
  await expect(programsHeader).toHaveAttribute('aria-sort', 'none');

  await programsHeader.getByRole('button').click();
  await expect(programsHeader).toHaveAttribute('aria-sort', 'descending');
  expectSortedBlocks((await columnBlocks(table, 4)).map((b) => b.map(count)), (a, b) => b - a);

  await programsHeader.getByRole('button').click();
  await expect(programsHeader).toHaveAttribute('aria-sort', 'ascending');
  expectSortedBlocks((await columnBlocks(table, 4)).map((b) => b.map(count)), (a, b) => a - b);
});

test('sorting works from the keyboard', async ({ page }) => {
  await page.goto('/');
  const table = page.getByRole('table', { name: 'Runs' });
  await expect(table.getByRole('link', { name: DEMO_RUNS[0], exact: true })).toBeVisible();
  const nameHeader = table.getByRole('columnheader', { name: 'Name' });
  await nameHeader.getByRole('button').focus();
  await page.keyboard.press('Enter');
  await expect(nameHeader).toHaveAttribute('aria-sort', 'ascending');
  expectSortedBlocks(await columnBlocks(table, 0), (a, b) => a.localeCompare(b));
  await page.keyboard.press('Space');
  await expect(nameHeader).toHaveAttribute('aria-sort', 'descending');
});

test('search, filters and sort are in the URL: a reload and Back keep them (issue 24)', async ({ page }) => {
  await page.goto('/');
  const table = page.getByRole('table', { name: 'Runs' });
  await expect(table.getByRole('link', { name: DEMO_RUNS[1], exact: true })).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search runs' }).fill('AHC heuristic');
  await expect(page).toHaveURL(/[?&]q=AHC\+heuristic/);
  await table.getByRole('columnheader', { name: 'Programs' }).getByRole('button').click();
  await expect(page).toHaveURL(/sort=programCount&dir=desc/);
  await page.reload();
  await expect(page.getByRole('searchbox', { name: 'Search runs' })).toHaveValue('AHC heuristic');
  await expect(table.getByRole('columnheader', { name: 'Programs' })).toHaveAttribute('aria-sort', 'descending');
  await expect(table.getByRole('link', { name: DEMO_RUNS[1], exact: true })).toBeVisible();
  await expect(table.getByRole('link', { name: DEMO_RUNS[0], exact: true })).toHaveCount(0);
  // Into a run and Back: the list is still searched and sorted.
  await table.getByRole('link', { name: DEMO_RUNS[1], exact: true }).click();
  await expect(page).toHaveURL(/\/runs\/[0-9a-f-]{36}$/);
  await page.goBack();
  await expect(page.getByRole('searchbox', { name: 'Search runs' })).toHaveValue('AHC heuristic');
  await expect(table.getByRole('columnheader', { name: 'Programs' })).toHaveAttribute('aria-sort', 'descending');
});

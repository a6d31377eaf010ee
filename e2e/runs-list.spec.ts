import { expect, test, type Locator } from '@playwright/test';
import { DEMO_RUNS } from './helpers';

async function columnTexts(table: Locator, index: number) {
  return table.getByTestId('run-row').evaluateAll((rows, i) => rows.map((r) => r.children[i]?.textContent?.trim() ?? ''), index);
}

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
  const desc = (await columnTexts(table, 4)).map((t) => Number(t.replace(/,/g, '')));
  expect(desc).toEqual([...desc].sort((a, b) => b - a));

  await programsHeader.getByRole('button').click();
  await expect(programsHeader).toHaveAttribute('aria-sort', 'ascending');
  const asc = (await columnTexts(table, 4)).map((t) => Number(t.replace(/,/g, '')));
  expect(asc).toEqual([...asc].sort((a, b) => a - b));
});

test('sorting works from the keyboard', async ({ page }) => {
  await page.goto('/');
  const table = page.getByRole('table', { name: 'Runs' });
  await expect(table.getByRole('link', { name: DEMO_RUNS[0], exact: true })).toBeVisible();
  const nameHeader = table.getByRole('columnheader', { name: 'Name' });
  await nameHeader.getByRole('button').focus();
  await page.keyboard.press('Enter');
  await expect(nameHeader).toHaveAttribute('aria-sort', 'ascending');
  const names = await columnTexts(table, 0);
  expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
  await page.keyboard.press('Space');
  await expect(nameHeader).toHaveAttribute('aria-sort', 'descending');
});

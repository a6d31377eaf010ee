import { expect, test } from '@playwright/test';
import { DEMO_RUNS, expectChartDrawn, openRunFromList } from './helpers';

for (const name of DEMO_RUNS) {
  test(`overview of "${name}": headline figures, chart and programs table`, async ({ page }) => {
    await openRunFromList(page, name);
    const stats = page.getByLabel('Headline figures');
    for (const label of ['Programs', 'Invalid', 'Iteration of best', 'Islands', 'Edges']) {
      await expect(stats.getByText(label, { exact: true })).toBeVisible();
    }
    await expect(stats).toContainText(/Best /);
    await expectChartDrawn(page);
    await expect(page.getByTestId('score-chart')).toContainText('best-so-far: strict improvements of');

    const table = page.getByRole('table', { name: 'Programs' });
    await expect(table.getByTestId('program-row').first()).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Programs pages' })).toContainText(/1–\d+ of \d+/);
  });
}

test('the metric select redraws the chart for another metric', async ({ page }) => {
  await openRunFromList(page, DEMO_RUNS[0]);
  await expectChartDrawn(page);
  const select = page.getByLabel('Score metric');
  const options = await select.locator('option').allTextContents();
  expect(options.length, 'the demo run has several metrics').toBeGreaterThan(1);
  const current = await select.inputValue();
  const other = options.find((o) => o !== current)!;
  await select.selectOption(other);
  await expect(page.getByTestId('score-chart')).toContainText(`strict improvements of ${other}`);
  await expect(page.getByTestId('score-chart')).toHaveAttribute('data-state', 'ready');
  await expect(page.getByTestId('score-chart').locator('canvas')).toBeVisible();
});

test('the programs table sorts on the server and pages', async ({ page }) => {
  await openRunFromList(page, DEMO_RUNS[0]);
  const table = page.getByRole('table', { name: 'Programs' });
  const iterHeader = table.getByRole('columnheader', { name: 'Iteration' });
  await iterHeader.getByRole('button').click();
  await expect(iterHeader).toHaveAttribute('aria-sort', 'ascending');
  await iterHeader.getByRole('button').click();
  await expect(iterHeader).toHaveAttribute('aria-sort', 'descending');
  await expect(table).toHaveAttribute('aria-busy', 'false');
  const iters = (await table.locator('tbody tr td:nth-child(2)').allTextContents()).map(Number).filter((n) => !Number.isNaN(n));
  expect(iters).toEqual([...iters].sort((a, b) => b - a));

  const pager = page.getByRole('navigation', { name: 'Programs pages' });
  await pager.getByRole('combobox').selectOption('50');
  await expect(pager).toContainText(/^.*1–50 of/);
  await pager.getByRole('button', { name: /Next/ }).click();
  await expect(pager).toContainText('51–');
});

test('clicking a dot in the scatter opens that program', async ({ page }) => {
  await openRunFromList(page, DEMO_RUNS[0]);
  await expectChartDrawn(page);
  // The best-so-far markers sit on programs: click the last one (the final best).
  const marker = page.getByTestId('score-chart').getByTestId('best-marker').last();
  const box = (await marker.boundingBox())!;
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
  await expect(page).toHaveURL(/\/programs\/[0-9a-f-]{36}$/);
  await expect(page.getByTestId('code-editor')).toHaveAttribute('data-ready', 'true');
});

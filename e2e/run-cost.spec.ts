import { expect, test } from '@playwright/test';
import { DEMO_RUNS, FUNSEARCH_DEMO_RUN, openRunFromList } from './helpers';

// Issue 12 items 3 and 4 on the FunSearch demo run: its cost and tokens as the search counted
// them, in the runs list and on the overview, and its duplicates by behaviour.
test('the FunSearch demo run: cost and tokens in the runs list and on the overview, duplicates by behaviour', async ({ page }) => {
  await page.goto('/');
  const row = page.getByTestId('run-row').filter({ hasText: FUNSEARCH_DEMO_RUN });
  await expect(row.getByTestId('run-cost')).toHaveText(/^\$\d/);
  await expect(row.getByTestId('run-cost')).toHaveAttribute('title', 'as the search counted');
  await expect(row.getByTestId('run-tokens')).toHaveText(/^\d[\d,]*$/);
  const costHeader = page.getByRole('columnheader', { name: 'Cost' });
  await costHeader.getByRole('button').click();
  await expect(costHeader).toHaveAttribute('aria-sort', 'descending');

  await openRunFromList(page, FUNSEARCH_DEMO_RUN);
  await expect(page.getByTestId('stat-cost')).toContainText(/\$\d/);
  await expect(page.getByTestId('stat-cost-basis')).toHaveText('as the search counted');
  await expect(page.getByTestId('stat-tokens-basis')).toHaveText('as the search counted');

  const dups = page.getByTestId('duplicates');
  await expect(dups.getByTestId('dup-behavioural')).toContainText(/\d+ \d+\.\d % of budget/);
  await expect(dups.getByTestId('dup-groups')).toHaveText(/^[1-9]\d*$/);
  const first = dups.getByTestId('dup-group').first();
  await expect(first).toBeVisible();
  const link = first.getByRole('link').first();
  const name = (await link.textContent())!;
  await link.click();
  await expect(page).toHaveURL(/\/programs\//);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(name);
});

test('the compare page puts cumulative cost on x: the FunSearch demo drawn, a run without cost named and left out', async ({ page }) => {
  const priced = await openRunFromList(page, FUNSEARCH_DEMO_RUN);
  const unpriced = await openRunFromList(page, DEMO_RUNS[0]);
  await page.goto(`/compare?runs=${priced},${unpriced}`);
  const figure = page.getByTestId('compare-curves');
  await expect(page.getByTestId('compare-curve')).toHaveCount(2, { timeout: 45_000 });
  await figure.getByLabel('x axis').selectOption('cost');
  await expect(figure.locator('svg[role="img"]')).toHaveAttribute('data-x', 'cost');
  const note = figure.getByTestId('compare-cost-note');
  await expect(note).toContainText(`search’s own cumulative-cost counters: ${FUNSEARCH_DEMO_RUN}`);
  await expect(note).toContainText(`No cost recorded, not drawn: ${DEMO_RUNS[0]}`);
  await expect(figure.locator(`[data-testid="compare-curve"][data-run="${priced}"]`)).toHaveAttribute('d', /^M/);
  await expect(figure.locator(`[data-testid="compare-curve"][data-run="${unpriced}"]`)).toHaveAttribute('d', '');
  await expect(figure).toContainText('cumulative LLM cost ($)');
});

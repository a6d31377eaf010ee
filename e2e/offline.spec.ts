import { expect, test } from '@playwright/test';
import { DEMO_RUNS, expectChartDrawn, openProgramWithParent, openRunFromList } from './helpers';

// Evoscope must work with no network: no CDN, no web fonts, no telemetry. Every request a page
// makes goes to this server (or is a data:/blob: URL).
test('no page makes a request outside localhost', async ({ page }) => {
  const outside: string[] = [];
  const seen: string[] = [];
  page.on('request', (req) => {
    const url = new URL(req.url());
    seen.push(req.url());
    if (url.protocol === 'data:' || url.protocol === 'blob:') return;
    if (!['localhost', '127.0.0.1', '[::1]'].includes(url.hostname)) outside.push(`${req.method()} ${req.url()}`);
  });

  await page.goto('/');
  await expect(page.getByRole('table', { name: 'Runs' })).toBeVisible();
  for (const name of DEMO_RUNS) {
    await openRunFromList(page, name);
    await expectChartDrawn(page);
    await expect(page.getByRole('table', { name: 'Programs' }).getByTestId('program-row').first()).toBeVisible();
    await openProgramWithParent(page);
    await expect(page.getByTestId('code-editor')).toHaveAttribute('data-ready', 'true');
    await page.getByTestId('diff-to-parent-link').click();
    await expect(page.getByTestId('diff-editor')).toHaveAttribute('data-ready', 'true');
    await expect(page.locator('.monaco-diff-editor')).toBeVisible();
  }
  await page.goto('/runs/00000000-0000-0000-0000-000000000000');
  await expect(page.getByRole('heading', { name: 'Run not found' })).toBeVisible();
  await expect(page.getByTestId('not-found-detail')).toContainText('No run has the id 00000000-0000-0000-0000-000000000000');
  await page.goto('/nonexistent');
  await expect(page.getByTestId('not-found-detail')).toHaveText('Evoscope has no page at /nonexistent.');

  expect(seen.length).toBeGreaterThan(10);
  expect(outside, 'requests outside localhost').toEqual([]);
});

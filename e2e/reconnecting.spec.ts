// While the database restarts, the API answers 503 "the database is reconnecting"
// (tests/db/databaseReconnecting.test.ts, tests/db/supervisedRestart.test.ts); the page says so
// in a banner, keeps retrying, and shows its data once the database is back (issue 15, item 1).
import { expect, test } from '@playwright/test';
import { DEMO_RUNS } from './helpers';

test('the runs list says "reconnecting" while the API answers 503, then shows the runs', async ({ page }) => {
  let refusing = true;
  await page.route('**/api/runs?*', (route) =>
    refusing
      ? route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ error: 'the database is reconnecting' }) })
      : route.continue(),
  );
  await page.goto('/');
  const banner = page.getByTestId('reconnecting');
  await expect(banner).toContainText('reconnecting');
  refusing = false;
  const table = page.getByRole('table', { name: 'Runs' });
  await expect(table.getByRole('link', { name: DEMO_RUNS[0], exact: true })).toBeVisible();
  await expect(banner).toHaveCount(0);
});

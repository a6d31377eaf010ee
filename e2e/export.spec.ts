// Export: the download button writes the EvoTrace refined layout, which imports back through
// the upload page to the same run (told first that it repeats the run it came from).
import { expect, test } from '@playwright/test';
import { awaitImport, DEMO_RUNS, openRunFromList } from './helpers';

test('a run downloaded as EvoTrace uploads back with the same program count', async ({ page }, info) => {
  test.setTimeout(120_000);
  const runId = await openRunFromList(page, DEMO_RUNS[1]);
  const programs = await page.getByTestId('stat-programs').locator('dd').textContent();
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-evotrace').click()]);
  expect(download.suggestedFilename()).toMatch(/\.evotrace\.tar\.gz$/);
  const file = info.outputPath(download.suggestedFilename());
  await download.saveAs(file);

  await page.goto('/upload');
  await page.getByTestId('upload-input').setInputFiles(file);
  await page.getByLabel('Format').selectOption('evotrace');
  // Another name: other specs find the demo runs by theirs.
  await page.getByLabel('Run name').fill(`round trip ${Date.now()}`);
  await page.getByRole('button', { name: 'Import' }).click();
  // The round trip holds the demo run's own programs: told it is a duplicate, it is imported again.
  const status = page.getByTestId('import-status');
  await expect(status).toHaveAttribute('data-status', 'duplicate', { timeout: 60_000 });
  await expect(status.getByTestId('duplicate-of').getByRole('link', { name: 'Open it' })).toHaveAttribute('href', `/runs/${runId}`);
  await awaitImport(page, 60_000);
  await expect(status).toHaveAttribute('data-status', 'succeeded');
  await expect(status.getByRole('listitem')).toHaveCount(1);
  await expect(status.getByRole('listitem')).toContainText(`(${programs} programs)`);
});

// Re-evaluation in the browser (issue 8, item 4): "Re-run" on a demo program starts a worker job
// whose progress bar shows, then the re-run appears beside the recorded evaluation (score change,
// metrics side by side, status, evaluator version, timings, logs); "Re-run the best-so-far chain"
// on a run's page shows progress, lists recorded vs re-run per step, and can be cancelled.
// The evaluations run in the real sandbox, in the worker `npm test` starts with the server; the
// demo program is re-run against the demo run's own evaluator.
import { expect, test } from '@playwright/test';
import { disconnect, pool } from '../lib/db/client';
import { loadEvaluator } from '../lib/db/evaluators';
import { attachScoreEvaluator, scoredRun } from '../tests/helpers/rerun';
import { DEMO_RUNS, openRunFromList } from './helpers';

/** The demo run's own evaluator (the one that scored its programs when the demo was generated). */
async function evaluatorVersion(runId: string): Promise<number> {
  const ev = await loadEvaluator(pool(), runId);
  expect(ev, 'the demo data attaches its evaluator to each demo run').not.toBeNull();
  return ev!.version;
}

const ownRuns: string[] = [];
test.afterAll(async () => {
  await pool().query('DELETE FROM runs WHERE id = ANY($1::uuid[])', [ownRuns]);
  await disconnect();
});

test('Re-run on a program page: progress bar, then the re-run beside the recorded evaluation', async ({ page, request }) => {
  const runId = await openRunFromList(page, DEMO_RUNS[0]);
  const version = await evaluatorVersion(runId);
  const run = (await (await request.get(`/api/runs/${runId}`)).json()) as { bestProgramId: string };
  await page.goto(`/runs/${runId}/programs/${run.bestProgramId}`);
  const panel = page.getByTestId('rerun-panel');
  await expect(panel.getByText('Not re-run yet.')).toBeVisible();

  // Every state the progress bar shows is recorded: a one-program job may finish between two
  // looks, the record keeps what it showed.
  await page.evaluate(() => {
    const w = window as unknown as { __bar: string[] };
    w.__bar = [];
    new MutationObserver(() => {
      const bar = document.querySelector('[data-testid="rerun-progress"] [role="progressbar"]');
      const state = bar ? `${bar.getAttribute('aria-valuenow')}/${bar.getAttribute('aria-valuemax')}` : 'gone';
      if (w.__bar.at(-1) !== state) w.__bar.push(state);
    }).observe(document.body, { subtree: true, childList: true, attributes: true });
  });
  await panel.getByRole('button', { name: 'Re-run' }).click();
  const bar = page.getByTestId('rerun-progress').getByRole('progressbar');
  await expect(bar).toBeVisible();

  const result = panel.getByTestId('rerun-public');
  await expect(result).toBeVisible({ timeout: 60_000 });
  await expect(bar).toBeHidden();
  // Indeterminate while starting, then a count out of 1 (0 while the sandbox runs; a fast sandbox
  // may be done before the next poll, so 1), then gone.
  const shown = await page.evaluate(() => (window as unknown as { __bar: string[] }).__bar);
  expect(shown.some((s) => /^[01]\/1$/.test(s)), `the bar showed ${shown.join(' → ')}`).toBe(true);
  expect(shown.at(-1)).toBe('gone');
  await expect(result.getByTestId('rerun-status')).toHaveText('ok');
  await expect(result.getByTestId('rerun-evaluator')).toHaveText(`evaluator version ${version}`);
  await expect(result.getByTestId('rerun-timings')).toContainText(/wall \d/);
  // The demo's evaluator scored this program when the demo was generated: re-running it gives
  // the recorded score back exactly.
  await expect(result.getByTestId('rerun-score')).toHaveText(await result.getByTestId('recorded-score').innerText());
  await expect(result.getByTestId('rerun-score-delta')).toHaveText('reproduced exactly');
  await expect(result.getByTestId('rerun-score-delta')).toHaveAttribute('data-direction', 'same');
  const metrics = result.getByRole('table', { name: 'Metrics: recorded vs re-run' });
  await expect(metrics.getByRole('columnheader', { name: 'recorded' })).toBeVisible();
  await expect(metrics.getByRole('row').filter({ hasText: 'combined_score' })).toBeVisible();
  // Logs are collapsed until asked for.
  const output = result.locator('details').filter({ has: page.locator('summary', { hasText: 'Output' }) });
  await expect(output).not.toHaveAttribute('open', '');
  await output.locator('summary').click();
  await expect(output.locator('pre')).toBeVisible();

  // After a reload the stored re-run is still shown.
  await page.reload();
  await expect(page.getByTestId('rerun-panel').getByTestId('rerun-public').getByTestId('rerun-status')).toHaveText('ok');
});

test('Re-run the best-so-far chain: progress, recorded vs re-run per step, cancel', async ({ page }) => {
  // A run of our own whose evaluations take two seconds each, so there is time to cancel.
  const r = await scoredRun(`e2e chain re-run ${Date.now()}`, [1, 2, 3, 4, 5, 6, 7, 8], { delay: 2 });
  ownRuns.push(r.runId);
  const ev = await attachScoreEvaluator(r.runId);
  await page.goto(`/runs/${r.runId}`);
  const section = page.getByTestId('chain-rerun');
  await expect(section).toContainText(`evaluator version ${ev.version}`);
  await section.getByRole('button', { name: 'Re-run the best-so-far chain' }).click();
  const bar = page.getByTestId('chain-rerun-progress').getByRole('progressbar');
  await expect(bar).toBeVisible();
  await expect(bar).toHaveAttribute('aria-valuemax', '8'); // indeterminate until the batch is known
  // The first steps come in: the bar moves and their re-run scores appear beside the recorded ones.
  await expect.poll(async () => Number(await bar.getAttribute('aria-valuenow')), { timeout: 60_000 }).toBeGreaterThanOrEqual(1);
  const steps = section.getByTestId('chain-step');
  await expect(steps).toHaveCount(8);
  await expect(steps.first().getByRole('cell')).toHaveText(['1', 'p0', '0', '1', '1', '±0']);

  await section.getByRole('button', { name: 'Cancel' }).click();
  await expect(section.getByTestId('chain-rerun-status')).toContainText('cancelled');
  await expect(bar).toBeHidden();
  // Steps not run before the cancel stay without a re-run score.
  await expect(steps.last().getByRole('cell').nth(4)).toHaveText('…');
});

// The database page (issue 12, item 2) on the FunSearch demo run: island lanes with resets, the
// clusters of an island with their sampling probabilities at two moments whose temperatures
// differ (the probabilities shown differ and are the softmax of the shown scores at the shown
// temperature), the permalink of a moment, counters and cost. Waits are on page state only.
import { expect, test, type Page } from '@playwright/test';
import { FUNSEARCH_DEMO_RUN, openRunFromList } from './helpers';

type Moment = { seq: number; temperature: number; scores: number[]; probabilities: number[] };

/** The clusters panel as shown: temperature and score from the text, probabilities as printed. */
async function readClusters(page: Page, seq: string): Promise<Moment> {
  const panel = page.getByTestId('clusters-panel');
  await expect(panel).toHaveAttribute('data-seq', seq);
  await expect(page.getByTestId('database-view')).toHaveAttribute('data-state', 'ready');
  // The clusters heading numbers the snapshot as the slider does (one-based; issue 24: "16 of 16" beside "at snapshot 15").
  const position = /snapshot (\d+) of/.exec(await page.getByTestId('moment-position').innerText())![1];
  await expect(panel.getByRole('heading', { level: 2 }).first()).toContainText(`at snapshot ${position}`);
  const tText = await page.getByTestId('cluster-temperature').innerText();
  const t = /T = ([\d.e-]+)/.exec(tText);
  expect(t, tText).not.toBeNull();
  const rows = page.getByTestId('cluster-row');
  const scores = (await rows.getByTestId('cluster-score').allInnerTexts()).map((s) => Number.parseFloat(s));
  const probabilities = (await rows.getByTestId('cluster-probability').allInnerTexts()).map(Number);
  return { seq: Number(seq), temperature: Number(t![1]), scores, probabilities };
}

function softmax(scores: number[], t: number): number[] {
  const max = Math.max(...scores);
  const e = scores.map((s) => Math.exp((s - max) / t));
  const sum = e.reduce((a, b) => a + b, 0);
  return e.map((x) => x / sum);
}

test('the database page draws islands, clusters at two temperatures, counters and cost', async ({ page }) => {
  const runId = await openRunFromList(page, FUNSEARCH_DEMO_RUN);
  await page.getByRole('navigation', { name: 'Run views' }).getByRole('link', { name: 'Database' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Database' })).toBeVisible();

  // Config as the source states it, and the lanes: 10 islands, resets marked with their donor.
  const config = page.getByTestId('database-config');
  await expect(config.getByRole('row', { name: /num_islands/ })).toContainText('10');
  const lanes = page.getByTestId('island-lanes');
  await expect(lanes).toHaveAttribute('data-state', 'ready');
  await expect(lanes).toHaveAttribute('data-lanes', '10');
  expect(Number(await lanes.getAttribute('data-resets'))).toBeGreaterThan(0);
  await expect(page.getByTestId('reset-mark').first()).toHaveAttribute('data-donor', /^\d+$/);

  // Walk the moments with the keyboard on island 0 until two with >= 2 clusters differ in T.
  const slider = page.getByTestId('moment-slider');
  const positions = Number(await slider.getAttribute('max')) + 1;
  await slider.focus();
  await page.keyboard.press('Home');
  const seen: Moment[] = [];
  for (let i = 0; i < positions && seen.length < 2; i++) {
    if (i > 0) {
      await slider.focus();
      await page.keyboard.press('ArrowRight');
    }
    await expect(slider).toHaveValue(String(i));
    const seq = (await slider.getAttribute('data-seq'))!;
    await expect(page).toHaveURL(new RegExp(`[?&]at=${seq}(&|$)`));
    if (i === 0) await page.getByTestId('island-select').selectOption('0');
    await expect(page).toHaveURL(/[?&]island=0/);
    const m = await readClusters(page, seq);
    if (m.scores.length >= 2 && !seen.some((s) => s.temperature === m.temperature)) seen.push(m);
  }
  expect(seen, 'two moments of island 0 with at least 2 clusters and different temperatures').toHaveLength(2);
  for (const m of seen) {
    const expected = softmax(m.scores, m.temperature);
    m.probabilities.forEach((p, k) => expect(Math.abs(p - expected[k]), `snapshot ${m.seq} cluster ${k}`).toBeLessThan(2e-4));
  }
  expect(seen[0].probabilities).not.toEqual(seen[1].probabilities);
  await expect(page.getByTestId('temperature-moment')).toBeVisible();

  // The permalink reopens the same moment.
  await page.goto(`/runs/${runId}/database?at=${seen[0].seq}&island=0`);
  const again = await readClusters(page, String(seen[0].seq));
  expect(again.probabilities).toEqual(seen[0].probabilities);

  // Counters and cumulative cost / tokens / CPU / GPU time.
  const counters = page.getByTestId('counters-table');
  for (const key of ['iterations', 'duplicates_discarded', 'cumulative_cost', 'cumulative_input_tokens', 'cumulative_evaluator_cpu_time', 'cumulative_sampler_gpu_time']) {
    await expect(counters.locator(`[data-counter="${key}"]`)).toBeVisible();
  }
  expect(Number(await counters.locator('[data-counter="cumulative_cost"]').getAttribute('data-final'))).toBeGreaterThan(0);
  await expect(counters.getByRole('row', { name: /cost \(cumulative/ })).toContainText('$');
});

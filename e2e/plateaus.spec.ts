// Plateaus (issue 13, item 1): the demo run's overview shades them on the best-so-far chart and
// lists them with length and budget; K (kept in ?k=) changes them; the CSV holds the same rows;
// the compare page gives each run's count. The page is checked against the API, and the API's
// plateaus against the stored best-so-far curve (each starts right after an improvement).
import fs from 'node:fs';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { DEMO_RUNS, expectChartDrawn, FUNSEARCH_DEMO_RUN, openRunFromList } from './helpers';

interface Span { startGeneration: number; endGeneration: number; length: number; programs: number; cost: number | null; open: boolean }

async function apiPlateaus(request: APIRequestContext, runId: string, k: number) {
  const res = await request.get(`/api/runs/${runId}/plateaus?k=${k}`);
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()) as { k: number; axis: string; plateaus: Span[] };
}

test('the AHC demo run: plateaus shaded and listed with length and budget; K changes them; CSV export', async ({ page, request }) => {
  const runId = await openRunFromList(page, DEMO_RUNS[1]);
  await expectChartDrawn(page);
  const five = await apiPlateaus(request, runId, 5);
  expect(five.plateaus.length, 'the demo run has a plateau at K = 5').toBeGreaterThan(0);

  // Every plateau starts right after a best-so-far improvement (the stored curve, computed apart).
  const best = (await (await request.get(`/api/runs/${runId}/best-so-far`)).json()) as { points: { iteration: number }[] };
  const improved = new Set(best.points.map((p) => p.iteration));
  for (const p of five.plateaus) {
    expect(improved.has(p.startGeneration - 1), `improvement before ${p.startGeneration}`).toBe(true);
    expect(p.length).toBeGreaterThanOrEqual(5);
    expect(improved.has(p.endGeneration + 1) || p.open).toBe(true);
  }

  const panel = page.getByTestId('plateau-panel');
  await expect(panel).toHaveAttribute('data-state', 'ready');
  const table = panel.getByRole('table', { name: 'Plateaus (K = 5)' });
  const rows = table.getByTestId('plateau-row');
  await expect(rows).toHaveCount(five.plateaus.length);
  await expect(page.getByTestId('plateau-band')).toHaveCount(five.plateaus.length);
  const first = five.plateaus[0];
  await expect(rows.first()).toContainText(`iterations ${first.startGeneration}–${first.endGeneration}`);
  await expect(rows.first().locator('td').nth(1)).toHaveText(String(first.length));
  await expect(rows.first().locator('td').nth(2)).toHaveText(String(first.programs));

  // Focus on a row: its band is highlighted and described on the chart. The pointer is moved off
  // the chart first, as a keyboard user's would be: focusing scrolls the page, and a pointer left
  // over the chart then enters another band, which (being the latest move) is the one shown.
  await page.mouse.move(0, 0);
  await rows.first().focus();
  await expect(page.getByTestId('plateau-band').first()).toHaveAttribute('data-active', 'true');
  await expect(page.getByTestId('plateau-tooltip')).toContainText(`${first.length} iterations, ${first.programs} program`);

  // CSV: the same plateaus.
  const [download] = await Promise.all([page.waitForEvent('download'), panel.getByTestId('plateau-csv').click()]);
  const csv = fs.readFileSync((await download.path())!, 'utf8').trim().split('\r\n');
  expect(csv[0]).toBe('run_id,metric,k,axis,start,end,length,best_score,programs,cost,tokens,open');
  expect(csv).toHaveLength(five.plateaus.length + 1);
  expect(csv[1].split(',').slice(4, 7)).toEqual([first.startGeneration, first.endGeneration, first.length].map(String));

  // A larger K: only the stretches at least that long remain, and the URL keeps K.
  const longest = Math.max(...five.plateaus.map((p) => p.length));
  const shortest = Math.min(...five.plateaus.map((p) => p.length));
  const k = shortest + 1;
  const more = await apiPlateaus(request, runId, k);
  expect(more.plateaus.length).toBe(five.plateaus.filter((p) => p.length >= k).length);
  expect(more.plateaus.length).toBeLessThan(five.plateaus.length);
  await panel.getByTestId('plateau-k').fill(String(k));
  await expect(panel.getByRole('table', { name: `Plateaus (K = ${k})` })).toBeVisible();
  await expect(panel).toHaveAttribute('data-state', 'ready');
  await expect(panel.getByTestId('plateau-row')).toHaveCount(more.plateaus.length);
  await expect(page.getByTestId('plateau-band')).toHaveCount(more.plateaus.length);
  await expect(page).toHaveURL(new RegExp(`[?&]k=${k}(&|$)`));
  await page.getByTestId('score-chart').screenshot({ path: test.info().outputPath('plateaus.png') });

  // Above the longest: none.
  await panel.getByTestId('plateau-k').fill(String(longest + 1));
  await expect(panel.getByRole('table', { name: `Plateaus (K = ${longest + 1})` })).toContainText('none');
  await expect(page.getByTestId('plateau-band')).toHaveCount(0);

  // Reload keeps K from the URL.
  await page.goto(`/runs/${runId}?k=${k}`);
  await expect(page.getByTestId('plateau-panel').getByTestId('plateau-row')).toHaveCount(more.plateaus.length);
});

test('the compare page gives each run its plateaus', async ({ page, request }) => {
  const ids: string[] = [];
  for (const name of [DEMO_RUNS[0], FUNSEARCH_DEMO_RUN]) ids.push(await openRunFromList(page, name));
  await page.goto(`/compare?runs=${ids.join(',')}`);
  const box = page.getByTestId('compare-plateaus');
  await expect(box).toHaveAttribute('data-state', 'ready', { timeout: 45_000 });
  for (const id of ids) {
    const api = await apiPlateaus(request, id, 5);
    expect(api.plateaus.length).toBeGreaterThan(0);
    const row = box.locator(`[data-testid="compare-plateau-row"][data-run="${id}"]`);
    await expect(row.getByTestId('compare-plateau-count')).toHaveText(String(api.plateaus.length));
    const longest = Math.max(...api.plateaus.map((p) => p.length));
    await expect(row.locator('td').nth(2)).toContainText(String(longest));
  }
  // K for all runs: counts follow.
  await box.getByTestId('compare-plateau-k').fill('20');
  await expect(box).toHaveAttribute('data-state', 'ready');
  for (const id of ids) {
    const api = await apiPlateaus(request, id, 20);
    await expect(box.locator(`[data-testid="compare-plateau-row"][data-run="${id}"]`).getByTestId('compare-plateau-count')).toHaveText(String(api.plateaus.length));
  }
  await expect(page).toHaveURL(/[?&]k=20(&|$)/);
});

// Charts (issue 24, item 4): the score chart's robust y-range with its outliers marked at the
// edge and a switch to show all, brush zoom with reset (in the URL, kept on reload), the
// MAP-Elites grid's axes and legend, and at 1024, 1440 and 1920 px no overlapping tick labels
// and a runs table inside its box. Screenshots of each width go to the test's output folder.
// Every wait is on page state, never on time.
import { expect, test, type Locator, type Page } from '@playwright/test';
import { DEMO_RUNS, expectChartDrawn, FUNSEARCH_DEMO_RUN, openRunFromList } from './helpers';
import { createLiveRun, ingestToken } from './ingest';

const tickValues = async (page: Page, axis: 'x' | 'y') =>
  (await page.getByTestId('score-chart').getByTestId(`${axis}-tick`).allTextContents()).map(Number);

/** Pairs of elements among `texts` whose boxes overlap (by more than half a pixel each way). */
async function overlaps(texts: Locator): Promise<string[]> {
  return texts.evaluateAll((els) => {
    const boxes = els.map((e) => ({ t: e.textContent ?? '', r: e.getBoundingClientRect() })).filter((b) => b.r.width > 0);
    const out: string[] = [];
    for (let i = 0; i < boxes.length; i++)
      for (let j = i + 1; j < boxes.length; j++) {
        const a = boxes[i].r;
        const b = boxes[j].r;
        if (Math.min(a.right, b.right) - Math.max(a.left, b.left) > 0.5 && Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) > 0.5)
          out.push(`"${boxes[i].t}" / "${boxes[j].t}"`);
      }
    return out;
  });
}

/** Drags across the score chart's plot from one fraction of it to another. */
async function brush(page: Page, from: [number, number], to: [number, number]) {
  const stage = page.getByTestId('score-chart').locator('.chart-stage');
  const box = (await stage.boundingBox())!;
  // The plot inside the stage (scoreChartModel MARGIN: left 68, right 18, top 14, bottom 62).
  const at = ([fx, fy]: [number, number]) => [box.x + 68 + fx * (box.width - 86), box.y + 14 + fy * (box.height - 76)] as const;
  const [x0, y0] = at(from);
  const [x1, y1] = at(to);
  await page.mouse.move(x0, y0);
  await page.mouse.down();
  await page.mouse.move((x0 + x1) / 2, (y0 + y1) / 2);
  await page.mouse.move(x1, y1);
  await page.mouse.up();
}

test('the FunSearch score chart marks its four outliers at the edge; show all gives the full range back', async ({ page }) => {
  await openRunFromList(page, FUNSEARCH_DEMO_RUN);
  await expectChartDrawn(page);
  const note = page.getByTestId('outlier-note');
  await expect(note).toHaveAttribute('data-below', '4');
  await expect(note).toContainText('4 scores below');
  // The y-range is the climb's, not -150's.
  expect(Math.min(...(await tickValues(page, 'y')))).toBeGreaterThan(-100);

  await page.getByTestId('show-all-scores').check();
  await expect(page).toHaveURL(/[?&]outliers=all/);
  await expect(note).toHaveAttribute('data-below', '0');
  await expect.poll(async () => Math.min(...(await tickValues(page, 'y')))).toBeLessThanOrEqual(-140);
  // The scores are negative: no log scale offered.
  await expect(page.getByTestId('log-scale')).toBeDisabled();

  await page.reload();
  await expectChartDrawn(page);
  await expect(page.getByTestId('show-all-scores')).toBeChecked();
  await expect(note).toHaveAttribute('data-below', '0');
});

test('brushing the score chart zooms; the URL holds the domain, reload keeps it, reset and double-click undo it', async ({ page }) => {
  await openRunFromList(page, DEMO_RUNS[0]);
  await expectChartDrawn(page);
  const stage = page.getByTestId('score-chart').locator('.chart-stage');
  const before = await tickValues(page, 'x');
  await expect(page.getByTestId('reset-zoom')).toBeDisabled();

  await brush(page, [0.3, 0.1], [0.6, 0.6]);
  await expect(stage).toHaveAttribute('data-zoomed', 'true');
  await expect(page).toHaveURL(/[?&]zx=[\d.e-]+%2C[\d.e-]+/);
  await expect(page).toHaveURL(/[?&]zy=/);
  // Still on the overview: the drag opened no program.
  await expect(page).toHaveURL(/\/runs\/[0-9a-f-]{36}\?/);
  const zoomed = await tickValues(page, 'x');
  expect(zoomed).not.toEqual(before);
  expect(Math.min(...zoomed)).toBeGreaterThan(Math.min(...before));
  expect(Math.max(...zoomed)).toBeLessThan(Math.max(...before));

  const url = page.url();
  await page.reload();
  await expectChartDrawn(page);
  await expect(stage).toHaveAttribute('data-zoomed', 'true');
  expect(page.url()).toBe(url);
  expect(await tickValues(page, 'x')).toEqual(zoomed);

  await page.getByTestId('reset-zoom').click();
  await expect(stage).toHaveAttribute('data-zoomed', 'false');
  await expect(page).not.toHaveURL(/zx=/);
  expect(await tickValues(page, 'x')).toEqual(before);

  // A flat drag zooms the iterations only; a double-click resets.
  await brush(page, [0.1, 0.5], [0.5, 0.5]);
  await expect(page).toHaveURL(/[?&]zx=/);
  await expect(page).not.toHaveURL(/zy=/);
  // In the left margin: no dot within reach, so the first click of the two opens nothing.
  await stage.dblclick({ position: { x: 30, y: 100 } });
  await expect(stage).toHaveAttribute('data-zoomed', 'false');
  await expect(page).not.toHaveURL(/zx=/);
});

test('the MAP-Elites grid of an OpenEvolve demo run has named axes, bin ticks and a colour legend; clusters do not apply', async ({ page }) => {
  const runId = await openRunFromList(page, DEMO_RUNS[0]);
  await page.goto(`/runs/${runId}/database`);
  await expect(page.getByTestId('database-view')).toHaveAttribute('data-state', 'ready');
  const map = page.getByTestId('feature-map');
  await expect(map.getByTestId('feature-x-name')).toHaveText('complexity (bin of 10)');
  await expect(map.getByTestId('feature-y-name')).toHaveText('diversity (bin of 10)');
  await expect(map.getByTestId('feature-x-tick')).toHaveCount(10);
  await expect(map.getByTestId('feature-y-tick')).toHaveCount(10);
  await expect(map.getByTestId('feature-legend')).toContainText(/of the cell's elite: -?[\d.]+/);
  expect(await map.getByTestId('feature-cell').count()).toBe(Number(await map.getAttribute('data-cells')));
  // Not a red "not recorded": a neutral note that the section does not apply.
  const clusters = page.getByTestId('clusters-panel');
  await expect(clusters).toHaveAttribute('data-applies', 'false');
  await expect(clusters.getByTestId('clusters-not-applicable')).toContainText('Does not apply to this run');
  await expect(page.locator('[data-flag="not-recorded"]')).toHaveCount(0);
});

for (const width of [1024, 1440, 1920]) {
  test(`at ${width} px no tick labels overlap, nothing is cut and the runs table fits its box`, async ({ page }) => {
    test.setTimeout(300_000);
    await page.setViewportSize({ width, height: 1000 });
    const shot = (name: string) => page.screenshot({ path: test.info().outputPath(`${name}-${width}.png`), fullPage: true });

    // The runs table: its last column inside the box, no sideways scroll, even beside a run whose
    // name and task are long unbroken tokens (the full suite's runs include such names).
    const long = await createLiveRun(page.request, `width check ${'1795848979819'.repeat(3)} ${width}`);
    const ingest = { authorization: `Bearer ${await ingestToken(page.request)}` };
    await page.request.patch(`/api/runs/${long.runId}`, { data: { tags: ['a-rather-long-tag-name-for-width', 'second-tag'] } });
    await page.goto('/');
    // With many runs the page scrolls and the scrollbar takes ~15 px of the width: always
    // measure with one (the full suite's runs list is long; a short list has none).
    await page.addStyleTag({ content: 'html { overflow-y: scroll; }' });
    const table = page.getByRole('table', { name: 'Runs' });
    await expect(table.getByTestId('run-row').first()).toBeVisible();
    const wrap = page.locator('.table-wrap').filter({ has: table });
    const box = (await wrap.boundingBox())!;
    const lastHeader = (await table.locator('thead th').last().boundingBox())!;
    expect(lastHeader.x + lastHeader.width).toBeLessThanOrEqual(box.x + box.width + 1);
    const deleteButton = (await table.getByRole('button', { name: /^Delete / }).first().boundingBox())!;
    expect(deleteButton.x + deleteButton.width).toBeLessThanOrEqual(box.x + box.width);
    expect(await wrap.evaluate((e) => e.scrollWidth - e.clientWidth)).toBeLessThanOrEqual(0);
    await shot('runs');
    await page.request.post(`/api/ingest/runs/${long.runId}/finish`, { headers: ingest, data: {} });
    expect((await page.request.delete(`/api/runs/${long.runId}`)).ok()).toBe(true);

    // The score chart of the FunSearch demo.
    const runId = await openRunFromList(page, FUNSEARCH_DEMO_RUN);
    await expectChartDrawn(page);
    const chart = page.getByTestId('score-chart');
    expect(await overlaps(chart.getByTestId('x-tick'))).toEqual([]);
    expect(await overlaps(chart.getByTestId('y-tick'))).toEqual([]);
    await chart.screenshot({ path: test.info().outputPath(`score-chart-${width}.png`) });

    // The MAP-Elites grid of the circle packing demo.
    const demo = await openRunFromList(page, DEMO_RUNS[0]);
    await page.goto(`/runs/${demo}/database`);
    await expect(page.getByTestId('database-view')).toHaveAttribute('data-state', 'ready');
    const map = page.getByTestId('feature-map');
    expect(await overlaps(map.locator('svg text'))).toEqual([]);
    await map.screenshot({ path: test.info().outputPath(`feature-map-${width}.png`) });

    // The span histogram (cycling) and the co-occurrence matrix (edit types): labels apart, none cut.
    await page.goto(`/runs/${demo}/cycling`);
    const hist = page.getByTestId('span-histogram');
    await expect(hist.getByTestId('histogram-bar').first()).toBeVisible({ timeout: 60_000 });
    expect(await overlaps(hist.locator('g.axes text'))).toEqual([]);
    await page.goto(`/runs/${demo}/taxonomy`);
    await expect(page.getByTestId('taxonomy-view')).toHaveAttribute('data-state', 'ready', { timeout: 120_000 });
    const matrix = page.getByTestId('cooccurrence-matrix');
    const svgBox = (await matrix.locator('svg').first().boundingBox())!;
    for (const label of await matrix.getByTestId('matrix-column-label').all()) {
      const b = (await label.boundingBox())!;
      expect(b.y, (await label.textContent()) ?? "").toBeGreaterThanOrEqual(svgBox.y - 0.5);
      expect(b.x + b.width, (await label.textContent()) ?? "").toBeLessThanOrEqual(svgBox.x + svgBox.width + 0.5);
    }
    await matrix.screenshot({ path: test.info().outputPath(`cooccurrence-${width}.png`) });
    await page.goto(`/runs/${runId}`);
    await expectChartDrawn(page);
    await shot('overview');
  });
}

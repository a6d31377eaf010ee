// The lineage explorer's side panel and view controls (issue 7, item 10): no errors while the
// panel opens, switches and closes; ghost labels that stay readable; a find miss that does not
// move the canvas; fit-to-view; links to the children; any numeric metric as the node colour.
import { expect, test, type Page } from '@playwright/test';
import { createLiveRun, postPrograms } from './ingest';
import { DEMO_RUNS, openRunFromList } from './helpers';

interface Graph {
  count: number;
  ids: string[];
  externalIds: string[];
  edges: { childIndex: number[]; parentIndex: number[]; ghostExternalId: (string | null)[]; ordinal: number[] };
}

async function openLineage(page: Page, runId: string, query = '') {
  const graph = (await (await page.request.get(`/api/runs/${runId}/graph`)).json()) as Graph;
  await page.goto(`/runs/${runId}/lineage${query}`);
  await expect(page.getByTestId('lineage-canvas')).toHaveAttribute('data-state', 'ready');
  return graph;
}

async function find(page: Page, query: string) {
  const search = page.getByRole('search', { name: 'Find program' });
  await search.getByRole('textbox', { name: 'Find program' }).fill(query);
  await search.getByRole('button', { name: 'Find' }).click();
}

async function expectDiffReady(page: Page, externalId: string) {
  const panel = page.getByTestId('lineage-panel');
  await expect(panel.getByRole('heading', { level: 2 })).toHaveText(externalId);
  await expect(panel.getByTestId('diff-editor')).toHaveAttribute('data-ready', 'true');
}

/** Children in the archive of each node index, from the edge columns. */
function childrenOf(g: Graph) {
  const out = new Map<number, number[]>();
  g.edges.childIndex.forEach((c, k) => {
    const p = g.edges.parentIndex[k];
    if (p >= 0) out.set(p, [...(out.get(p) ?? []), c]);
  });
  return out;
}

/** Programs whose first parent is in the archive (they get a diff in the panel). */
const withParent = (g: Graph) => g.edges.childIndex.filter((_, k) => g.edges.parentIndex[k] >= 0 && g.edges.ordinal[k] === 0);

test('opening, switching and closing the side panel raises no error', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(`console: ${m.text()}`);
  });
  const runId = await openRunFromList(page, DEMO_RUNS[0]);
  const graph = await openLineage(page, runId);
  const [a, b, c] = withParent(graph);
  await find(page, graph.externalIds[a]);
  await expectDiffReady(page, graph.externalIds[a]);
  await find(page, graph.externalIds[b]); // switch
  await expectDiffReady(page, graph.externalIds[b]);
  await page.getByTestId('lineage-panel').getByRole('button', { name: 'Close panel' }).click();
  await expect(page.getByTestId('lineage-panel')).toBeHidden();
  await find(page, graph.externalIds[c]);
  await expectDiffReady(page, graph.externalIds[c]);
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('lineage-panel')).toBeHidden();
  // Monaco disposes asynchronously: give a late error the chance to surface before judging.
  await expect(page.getByTestId('lineage-canvas')).toHaveAttribute('data-state', 'ready');
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0))));
  expect(errors).toEqual([]);
});

test('labels of missing parents neither overlap nor leave the canvas', async ({ page, request }, info) => {
  const run = await createLiveRun(request, `ghost labels ${Date.now()}`);
  const programs: object[] = [{ id: 'seed', iteration: 0, code: 'x = 0\n', metrics: { score: 0 } }];
  for (let k = 0; k < 8; k++) {
    programs.push({ id: `orphan-${k}`, iteration: k + 1, code: `x = ${k}\n`, parent_ids: [`a-parent-missing-from-the-archive-${k}`], metrics: { score: k } });
  }
  await postPrograms(request, run.runId, programs);
  await page.setViewportSize({ width: 1100, height: 800 });
  await page.goto(`/runs/${run.runId}/lineage`);
  const canvas = page.getByTestId('lineage-canvas');
  await expect(canvas).toHaveAttribute('data-state', 'ready');
  await expect(canvas).toHaveAttribute('data-nodes', '17');
  await page.screenshot({ path: info.outputPath('ghost-labels.png') });
  const labels = await page.evaluate(() => window.__evoscopeLineage?.labels() ?? null);
  expect(labels, 'the canvas reports the labels it drew').not.toBeNull();
  expect(labels!.length).toBeGreaterThan(0);
  const box = (await canvas.boundingBox())!;
  for (const l of labels!) {
    expect(l.x, l.text).toBeGreaterThanOrEqual(0);
    expect(l.y, l.text).toBeGreaterThanOrEqual(0);
    expect(l.x + l.width, l.text).toBeLessThanOrEqual(box.width);
    expect(l.y + l.height, l.text).toBeLessThanOrEqual(box.height);
  }
  for (let i = 0; i < labels!.length; i++) {
    for (let j = i + 1; j < labels!.length; j++) {
      const [p, q] = [labels![i], labels![j]];
      const apart = p.x + p.width <= q.x || q.x + q.width <= p.x || p.y + p.height <= q.y || q.y + q.height <= p.y;
      expect(apart, `"${p.text}" and "${q.text}" overlap`).toBe(true);
    }
  }
});

test('a find that matches nothing does not move the canvas', async ({ page }) => {
  const runId = await openRunFromList(page, DEMO_RUNS[1]);
  // At some widths the toolbar has just enough room for the find box; the message must not wrap it.
  for (const width of [1100, 1280, 1440, 1600, 1920]) {
    await page.setViewportSize({ width, height: 900 });
    await openLineage(page, runId);
    const before = (await page.getByTestId('lineage-canvas').boundingBox())!;
    await find(page, 'no-such-program');
    await expect(page.getByRole('search', { name: 'Find program' }).getByRole('alert')).toHaveText(/no program matches/);
    const after = (await page.getByTestId('lineage-canvas').boundingBox())!;
    expect(after, `at ${width} px`).toEqual(before);
  }
});

test('fit to view brings the whole graph back after zooming', async ({ page }) => {
  const runId = await openRunFromList(page, DEMO_RUNS[0]);
  const graph = await openLineage(page, runId);
  const id = graph.ids[0];
  const where = () => page.evaluate((nodeId) => window.__evoscopeLineage?.viewportPositionOf(nodeId) ?? null, id);
  const start = (await where())!;
  const box = (await page.getByTestId('lineage-canvas').boundingBox())!;
  await page.mouse.move(box.x + box.width / 3, box.y + box.height / 3);
  await page.mouse.wheel(0, -600);
  await expect.poll(async () => Math.hypot((await where())!.x - start.x, (await where())!.y - start.y)).toBeGreaterThan(20);
  await page.getByRole('button', { name: 'Fit to view' }).click();
  await expect.poll(async () => Math.hypot((await where())!.x - start.x, (await where())!.y - start.y)).toBeLessThan(1);
});

test('the side panel links to the children of the selected program', async ({ page }) => {
  const runId = await openRunFromList(page, DEMO_RUNS[0]);
  const graph = await openLineage(page, runId);
  const [parent, kids] = [...childrenOf(graph)].find(([, k]) => k.length >= 2)!;
  await find(page, graph.externalIds[parent]);
  const panel = page.getByTestId('lineage-panel');
  await expect(panel.getByRole('heading', { level: 2 })).toHaveText(graph.externalIds[parent]);
  const list = panel.getByRole('list', { name: 'Children' });
  await expect(list.getByRole('button')).toHaveCount(Math.min(kids.length, 50));
  await list.getByRole('button', { name: graph.externalIds[kids[1]] }).click();
  await expect(panel.getByRole('heading', { level: 2 })).toHaveText(graph.externalIds[kids[1]]);
  await expect(page).toHaveURL(new RegExp(`node=${graph.ids[kids[1]]}`));
});

test('any numeric metric colours the nodes, and the choice is in the URL', async ({ page }) => {
  const runId = await openRunFromList(page, DEMO_RUNS[0]);
  const run = (await (await page.request.get(`/api/runs/${runId}`)).json()) as { metricKeys: string[]; scoreMetric: string };
  const metric = run.metricKeys.find((m) => m !== run.scoreMetric && m !== 'error');
  expect(metric, `a second metric among ${run.metricKeys.join(', ')}`).toBeTruthy();
  await openLineage(page, runId);
  await page.getByLabel('Colour by').selectOption(`metric:${metric}`);
  for (const part of ['color=metric', `metric=${metric}`]) await expect(page).toHaveURL(new RegExp(part));
  const legend = page.getByLabel('Legend');
  await expect(legend).toContainText(`${metric} (metric)`);
  await page.reload();
  await expect(page.getByTestId('lineage-canvas')).toHaveAttribute('data-state', 'ready');
  await expect(page.getByLabel('Colour by')).toHaveValue(`metric:${metric}`);
  await expect(legend).toContainText(`${metric} (metric)`);
  // The panel shows the coloured metric's value of the selected program.
  const points = (await (await page.request.get(`/api/runs/${runId}/points?metric=${metric}`)).json()) as { id: string[]; value: (number | null)[] };
  const k = points.value.findIndex((v) => v !== null);
  await find(page, points.id[k]);
  await expect(page.getByTestId('panel-metric')).toHaveText(String(Number(points.value[k]!.toPrecision(6))));
});

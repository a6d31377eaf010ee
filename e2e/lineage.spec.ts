import { expect, test, type Page } from '@playwright/test';
import { createLiveRun, postPrograms } from './ingest';
import { DEMO_RUNS, openRunFromList } from './helpers';

interface Graph {
  count: number;
  ids: string[];
  externalIds: string[];
  edges: { childIndex: number[]; parentIndex: number[]; ghostExternalId: (string | null)[]; ordinal: number[] };
}

async function loadGraph(page: Page, runId: string): Promise<Graph> {
  const res = await page.request.get(`/api/runs/${runId}/graph`);
  expect(res.ok(), await res.text()).toBeTruthy();
  return (await res.json()) as Graph;
}

const ghostCount = (g: Graph) => new Set(g.edges.ghostExternalId.filter((x) => x !== null)).size;

/** Waits for the first drawn frame and checks that every program and ghost parent is a node. */
async function expectDrawn(page: Page, nodes: number) {
  const canvas = page.getByTestId('lineage-canvas');
  await expect(canvas).toHaveAttribute('data-state', 'ready');
  await expect(canvas).toHaveAttribute('data-nodes', String(nodes));
  await expect(canvas.locator('canvas').first()).toBeVisible();
}

/** Where the view draws a node, in page coordinates (through the test hook the canvas exposes). */
async function nodePosition(page: Page, id: string) {
  const box = (await page.getByTestId('lineage-canvas').boundingBox())!;
  const pos = await page.evaluate((nodeId) => window.__evoscopeLineage?.viewportPositionOf(nodeId) ?? null, id);
  expect(pos, `node ${id} is drawn`).not.toBeNull();
  return { x: box.x + pos!.x, y: box.y + pos!.y };
}

/** The first program (in seq order) whose first parent is in the archive. */
function childWithParent(g: Graph): number {
  const k = g.edges.parentIndex.findIndex((p, e) => p >= 0 && g.edges.ordinal[e] === 0);
  expect(k, 'the run has a parent -> child edge').toBeGreaterThanOrEqual(0);
  return g.edges.childIndex[k];
}

async function expectDiffInPanel(page: Page, externalId: string) {
  const panel = page.getByTestId('lineage-panel');
  await expect(panel).toBeVisible();
  await expect(panel.getByRole('heading', { level: 2 })).toHaveText(externalId);
  const diff = panel.getByTestId('diff-editor');
  await expect(diff).toHaveAttribute('data-ready', 'true');
  await expect(diff.locator('.monaco-diff-editor')).toBeVisible();
}

for (const name of DEMO_RUNS) {
  test(`lineage of "${name}": drawn, hover tooltip, click opens the diff`, async ({ page }) => {
    const runId = await openRunFromList(page, name);
    await page.getByRole('navigation', { name: 'Run views' }).getByRole('link', { name: 'Lineage' }).click();
    await expect(page).toHaveURL(new RegExp(`/runs/${runId}/lineage`));
    const graph = await loadGraph(page, runId);
    const run = (await (await page.request.get(`/api/runs/${runId}`)).json()) as { programCount: number };
    expect(graph.count).toBe(run.programCount);
    await expectDrawn(page, run.programCount + ghostCount(graph));
    await expect(page.getByRole('status').filter({ hasText: 'programs' })).toContainText(`${graph.count} programs`);
    await expect(page.getByLabel('Legend')).toContainText('best-so-far: strict improvements of the primary score over canonical order');
    await expect(page.getByLabel('Legend')).toContainText('dead branch: not the final best or one of its ancestors');

    const child = childWithParent(graph);
    const at = await nodePosition(page, graph.ids[child]);
    await page.mouse.move(at.x, at.y);
    const tooltip = page.getByTestId('lineage-tooltip');
    await expect(tooltip).toBeVisible();
    await expect(tooltip).toContainText(graph.externalIds[child]);
    await expect(tooltip).toContainText(/iteration \d+/);

    await page.mouse.click(at.x, at.y);
    await expectDiffInPanel(page, graph.externalIds[child]);
    await expect(page).toHaveURL(new RegExp(`node=${graph.ids[child]}`));
    await expect(page.getByTestId('lineage-panel').getByRole('link', { name: 'Open program page' })).toHaveAttribute(
      'href',
      `/runs/${runId}/programs/${graph.ids[child]}`,
    );

    await page.keyboard.press('Escape');
    await expect(page.getByTestId('lineage-panel')).toBeHidden();
    await expect(page).not.toHaveURL(/node=/);
  });
}

test('the find box selects a program and the permalink restores it after a reload', async ({ page }) => {
  const runId = await openRunFromList(page, DEMO_RUNS[1]);
  const graph = await loadGraph(page, runId);
  await page.goto(`/runs/${runId}/lineage`);
  await expectDrawn(page, graph.count + ghostCount(graph));

  // By the source's id...
  const child = childWithParent(graph);
  const search = page.getByRole('search', { name: 'Find program' });
  await search.getByRole('textbox', { name: 'Find program' }).fill(graph.externalIds[child]);
  await search.getByRole('button', { name: 'Find' }).click();
  await expectDiffInPanel(page, graph.externalIds[child]);

  // ... and by a prefix of the uuid; colour and layout go into the link too.
  const other = graph.edges.childIndex.filter((c, e) => graph.edges.parentIndex[e] >= 0).at(-1)!;
  await search.getByRole('textbox', { name: 'Find program' }).fill(graph.ids[other].slice(0, 13));
  await search.getByRole('button', { name: 'Find' }).click();
  await expectDiffInPanel(page, graph.externalIds[other]);
  await page.getByLabel('Colour by').selectOption('island');
  await page.getByLabel('Layout').selectOption('timeline');
  for (const part of [`node=${graph.ids[other]}`, 'color=island', 'layout=timeline']) await expect(page).toHaveURL(new RegExp(part));

  await page.reload();
  await expectDrawn(page, graph.count + ghostCount(graph));
  await expectDiffInPanel(page, graph.externalIds[other]);
  await expect(page.getByLabel('Colour by')).toHaveValue('island');
  await expect(page.getByLabel('Layout')).toHaveValue('timeline');

  await search.getByRole('textbox', { name: 'Find program' }).fill('no-such-program');
  await search.getByRole('button', { name: 'Find' }).click();
  await expect(search.getByRole('alert')).toHaveText(/no program matches/);
});

test('colour modes switch the colours and the legend', async ({ page }) => {
  const runId = await openRunFromList(page, DEMO_RUNS[0]);
  await page.goto(`/runs/${runId}/lineage?color=score`);
  const canvas = page.getByTestId('lineage-canvas');
  await expect(canvas).toHaveAttribute('data-state', 'ready');
  const legend = page.getByLabel('Legend');
  await expect(legend).toContainText(/higher is better/);
  await expect(legend).toContainText(/invalid \(\d+\)/);
  const expected: [string, RegExp][] = [
    ['island', /island 0/],
    ['iteration', /iteration: \d+/],
    ['recycled', /recycled share of the lines its edit added/],
    ['score', /higher is better/],
  ];
  for (const [mode, text] of expected) {
    await page.getByLabel('Colour by').selectOption(mode);
    await expect(page).toHaveURL(new RegExp(`color=${mode}`));
    await expect(legend).toContainText(text);
    await expect(canvas).toHaveAttribute('data-state', 'ready');
  }
});

test('parents missing from the archive are drawn as ghost nodes', async ({ page, request }) => {
  const run = await createLiveRun(request, `lineage ghosts ${Date.now()}`);
  await postPrograms(request, run.runId, [
    { id: 'seed', iteration: 0, code: 'x = 1\n', metrics: { score: 1 } },
    { id: 'orphan-a', iteration: 1, code: 'x = 2\n', parent_ids: ['lost-parent'], metrics: { score: 2 } },
    { id: 'orphan-b', iteration: 2, code: 'x = 3\n', parent_ids: ['lost-parent'], metrics: { score: 3 } },
    { id: 'child', iteration: 3, code: 'x = 4\n', parent_ids: ['seed'], metrics: { score: 0 } },
  ]);
  await page.goto(`/runs/${run.runId}/lineage`);
  await expectDrawn(page, 4 + 1);
  await expect(page.getByRole('status').filter({ hasText: 'programs' })).toContainText('1 parent not in archive');
  await expect(page.getByLabel('Legend')).toContainText('parent not in archive (1)');

  const at = await nodePosition(page, 'lost-parent');
  await page.mouse.move(at.x, at.y);
  await expect(page.getByTestId('lineage-tooltip')).toContainText('not in archive');
  await page.getByRole('textbox', { name: 'Find program' }).fill('lost-parent');
  await page.getByRole('button', { name: 'Find' }).click();
  const panel = page.getByTestId('lineage-panel');
  await expect(panel.getByRole('heading', { level: 2 })).toHaveText('lost-parent');
  await expect(panel).toContainText('the archive does not contain it');
  await expect(panel).toContainText('2 programs');
});

test('jump controls: the final best, then along the best-so-far chain (issue 24)', async ({ page }) => {
  const runId = await openRunFromList(page, DEMO_RUNS[0]);
  await page.goto(`/runs/${runId}/lineage`);
  const finalBest = page.getByTestId('jump-final-best');
  await expect(finalBest).toBeEnabled(); // once the lineage facts are in
  const res = await page.request.get(`/api/runs/${runId}/graph`);
  const graph = (await res.json()) as Graph & { lineage: { finalBestId: string | null; bestSoFar: (number | null)[] } | null };
  await expectDrawn(page, graph.count + ghostCount(graph));
  await finalBest.click();
  const best = graph.externalIds.indexOf(graph.lineage!.finalBestId!);
  await expect(page).toHaveURL(new RegExp(`node=${graph.ids[best]}`));
  // ▶ from nothing selected would go to the first; from the final best there is none after it, ◀ goes back one.
  const chain = graph.lineage!.bestSoFar.flatMap((v, i) => (v === 1 ? [i] : []));
  expect(chain.length).toBeGreaterThan(1);
  await page.getByTestId('jump-bsf-prev').click();
  const before = chain.filter((i) => i < best).at(-1)!;
  await expect(page).toHaveURL(new RegExp(`node=${graph.ids[before]}`));
  await page.getByTestId('jump-bsf-next').click();
  await expect(page).toHaveURL(new RegExp(`node=${graph.ids[chain.find((i) => i > before)!]}`));
});

test('the timeline layout has an iteration axis that matches the nodes and follows the zoom (issue 24)', async ({ page }) => {
  const runId = await openRunFromList(page, DEMO_RUNS[0]);
  const graph = (await loadGraph(page, runId)) as Graph & { iteration: (number | null)[] };
  await page.goto(`/runs/${runId}/lineage?layout=timeline`);
  await expectDrawn(page, graph.count + ghostCount(graph));
  const axis = page.getByTestId('lineage-iteration-axis');
  await expect(axis).toBeVisible();
  await expect(axis).toContainText('iteration');
  const ticks = () =>
    axis.locator('[data-iteration]').evaluateAll((els) =>
      els.map((e) => {
        const r = e.getBoundingClientRect();
        return { it: Number(e.getAttribute('data-iteration')), x: r.left + r.width / 2 };
      }),
    );
  const step = (t: { it: number }[]) => t[1].it - t[0].it;
  await expect.poll(async () => (await ticks()).length).toBeGreaterThan(2);
  const whole = await ticks();
  for (let k = 1; k < whole.length; k++) {
    expect(whole[k].it - whole[k - 1].it, 'one round step between ticks').toBe(step(whole));
    expect(whole[k].x).toBeGreaterThan(whole[k - 1].x);
  }
  // A program is drawn where the axis says its iteration is (interpolated between two ticks).
  const [a, b] = [whole[0], whole.at(-1)!];
  const k = graph.iteration.findIndex((v) => v !== null && v > a.it && v < b.it);
  expect(k, 'a program between the first and last tick').toBeGreaterThanOrEqual(0);
  const expectedX = a.x + ((graph.iteration[k]! - a.it) / (b.it - a.it)) * (b.x - a.x);
  expect(Math.abs((await nodePosition(page, graph.ids[k])).x - expectedX)).toBeLessThan(3);
  // Zooming in gives finer ticks.
  const box = (await page.getByTestId('lineage-canvas').boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  for (let i = 0; i < 6; i++) await page.mouse.wheel(0, -400);
  await expect.poll(async () => step(await ticks())).toBeLessThan(step(whole));
  // The tree layout has no iteration axis.
  await page.getByLabel('Layout').selectOption('tree');
  await expect(axis).toHaveCount(0);
});

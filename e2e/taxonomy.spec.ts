// The edit taxonomy views (issue 9, item 5) on a demo run: the worker labels every demo edit
// with the offline judge after import, and the page polls until the figures are there. Every
// wait is on page state (data-state, URL, counts), never on time.
import fs from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { LABEL_TITLES, type EditLabel } from '../lib/contracts/editLabels';
import { llmJudgeKey } from '../lib/contracts/taxonomyTypes';
import { labelsReply, startScriptedLlm, type ScriptedLlm } from '../tests/helpers/scriptedLlm';
import { DEMO_RUNS, openRunFromList } from './helpers';

const TITLES = Object.values(LABEL_TITLES);

/** The offline judging of a fresh demo run takes a moment after the import. */
const JUDGED = { timeout: 120_000 };

async function expectTaxonomyReady(page: Page) {
  await expect(page.getByTestId('taxonomy-view')).toHaveAttribute('data-state', 'ready', JUDGED);
  await expect(page.getByTestId('taxonomy-figure')).toHaveAttribute('data-state', 'ready');
}

/** A label some edit of the run carries (from the per-label table: edits > 0). */
async function labelWithEdits(page: Page): Promise<string> {
  const rows = page.getByTestId('label-stats-row');
  await expect(rows).toHaveCount(9);
  for (let i = 0; i < 9; i++) {
    const count = Number(((await rows.nth(i).locator('td').nth(1).textContent()) ?? '0').replace(/,/g, ''));
    if (count > 0) return (await rows.nth(i).getAttribute('data-label'))!;
  }
  throw new Error('no label has an edit');
}

test('the taxonomy page of a demo run draws both panels; a label lists its edits, which reach a diff with the labels', async ({ page }) => {
  test.setTimeout(180_000);
  await openRunFromList(page, DEMO_RUNS[0]);
  const nav = page.getByRole('navigation', { name: 'Run views' });
  await nav.getByRole('link', { name: 'Edit types', exact: true }).click();
  await expect(page).toHaveURL(/\/runs\/[0-9a-f-]{36}\/taxonomy$/);
  await expect(nav.getByRole('link', { name: 'Edit types', exact: true })).toHaveAttribute('aria-current', 'page');
  await expectTaxonomyReady(page);

  // Panel a: one prevalence bar per label; panel b: one odds-ratio point per label (the run's
  // edits are scored, so every label has one), the reference line at 1, every label named.
  const figure = page.getByTestId('taxonomy-figure');
  await expect(figure.getByTestId('prevalence-bar')).toHaveCount(9);
  await expect(figure.getByTestId('odds-point')).toHaveCount(9);
  await expect(figure.getByTestId('odds-reference')).toHaveCount(1);
  for (const t of TITLES) await expect(figure.getByRole('button', { name: new RegExp(`^${t}:`) })).toHaveCount(1);
  // Sorted by odds ratio, largest first; a label no scored edit carries comes after them, drawn apart.
  const points = await figure.getByTestId('odds-point').evaluateAll((els) => els.map((e) => ({ or: Number(e.getAttribute('data-or')), unused: e.getAttribute('data-unused') === 'true' })));
  const used = points.filter((p) => !p.unused).map((p) => p.or);
  expect(used).toEqual([...used].sort((a, b) => b - a));
  expect(points.map((p) => p.unused)).toEqual([...points.map((p) => p.unused)].sort((a, b) => Number(a) - Number(b)));
  await expect(page.getByTestId('score-note')).toContainText(/95th percentile of \|score\|.*at least 1.*; here \d/);
  await expect(page.getByTestId('enrichment-chart').getByTestId('enrichment-row')).toHaveCount(9);
  await expect(page.getByTestId('stage-mix').getByTestId('stage-bar')).toHaveCount(4);
  await expect(page.getByTestId('cooccurrence-matrix').getByTestId('matrix-cell')).toHaveCount(81);

  // Click a label carrying edits: its edits are listed, and the URL keeps the label.
  const label = await labelWithEdits(page);
  await figure.locator(`[data-testid="figure-row"][data-label="${label}"]`).click();
  await expect(page).toHaveURL(new RegExp(`\\?label=${label}$`));
  const edits = page.getByTestId('label-edits');
  await expect(edits).toHaveAttribute('data-label', label);
  await expect(edits).toHaveAttribute('data-state', 'ready');
  const rows = edits.getByTestId('label-edit-row');
  await expect(rows.first()).toBeVisible();
  await expect(rows.first().locator(`[data-testid="label-chip"][data-label="${label}"]`)).toBeVisible();

  // Keyboard: ↓ moves between rows, Enter opens the edit's diff.
  await rows.first().focus();
  const n = await rows.count();
  if (n > 1) {
    await page.keyboard.press('ArrowDown');
    await expect(rows.nth(1)).toBeFocused();
  }
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/programs\/[0-9a-f-]{36}\/diff\?judge=offline%402$/);
  await expect(page.getByTestId('diff-editor')).toHaveAttribute('data-ready', 'true');
  // The diff page shows the edit's labels, the clicked one among them.
  const judgement = page.getByTestId('edit-judgements').locator('[data-testid="judgement"][data-judge="offline@2"]');
  await expect(judgement.locator(`[data-testid="label-chip"][data-label="${label}"]`)).toBeVisible();

  // Back: the label and its list of edits are still there (issue 24: the URL lost ?label=).
  await page.goBack();
  await expect(page).toHaveURL(new RegExp(`\\?label=${label}$`));
  await expect(page.getByTestId('label-edits')).toHaveAttribute('data-label', label);
  await expect(page.getByTestId('label-edits').getByTestId('label-edit-row').first()).toBeVisible();
  // And a reload keeps it too.
  await page.reload();
  await expect(page.getByTestId('label-edits')).toHaveAttribute('data-label', label);
});

test('judge switch and permalinks: ?judge= of a judge without judgements, back to the offline judge; ?label= opens the list', async ({ page }) => {
  test.setTimeout(180_000);
  const runId = await openRunFromList(page, DEMO_RUNS[0]);
  await page.goto(`/runs/${runId}/taxonomy?judge=${encodeURIComponent('llm:nobody@rubric-1')}`);
  const view = page.getByTestId('taxonomy-view');
  await expect(view).toHaveAttribute('data-judge', 'llm:nobody@rubric-1');
  await expect(page.getByTestId('taxonomy-empty')).toContainText('LLM nobody (rubric-1) has judged no edit of this run yet.');
  const select = page.getByTestId('judge-select');
  await select.selectOption('offline@2');
  await expect(view).toHaveAttribute('data-judge', 'offline@2');
  await expect(page).toHaveURL(new RegExp(`/runs/${runId}/taxonomy$`));
  await expectTaxonomyReady(page);

  const label = await labelWithEdits(page);
  await page.goto(`/runs/${runId}/taxonomy?label=${label}`);
  await expect(page.getByTestId('label-edits')).toHaveAttribute('data-label', label);
  await expect(page.getByTestId('label-edits')).toHaveAttribute('data-state', 'ready', JUDGED);
  await expect(page.locator(`[data-testid="label-stats-row"][data-label="${label}"]`)).toHaveAttribute('aria-selected', 'true');
  // Closing the list drops the label from the URL.
  await page.getByTestId('label-edits').getByRole('button', { name: 'Close' }).click();
  await expect(page.getByTestId('label-edits')).toHaveCount(0);
  await expect(page).toHaveURL(new RegExp(`/runs/${runId}/taxonomy$`));
});

test('export: the label figures as CSV (one row per label, figure order) and what the page shows as JSON', async ({ page }) => {
  test.setTimeout(180_000);
  const runId = await openRunFromList(page, DEMO_RUNS[1]);
  await page.goto(`/runs/${runId}/taxonomy`);
  await expectTaxonomyReady(page);
  const [csv] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export label figures (CSV)' }).click()]);
  expect(csv.suggestedFilename()).toBe(`taxonomy-${runId.slice(0, 8)}-offline-2-labels.csv`);
  const lines = fs.readFileSync((await csv.path())!, 'utf8').trimEnd().split('\r\n');
  expect(lines[0]).toMatch(/^label,count,prevalence,positive_rate,odds_ratio,ci_low,ci_high,fisher_p,/);
  expect(lines).toHaveLength(10);
  const shown = await page.getByTestId('taxonomy-figure').getByTestId('figure-row').evaluateAll((els) => els.map((e) => e.getAttribute('data-label')));
  expect(lines.slice(1).map((l) => l.split(',')[0])).toEqual(shown);

  const [json] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export (JSON)' }).click()]);
  const data = JSON.parse(fs.readFileSync((await json.path())!, 'utf8')) as { runId: string; judge: string; stats: { edits: number; labels: unknown[] } };
  expect(data).toMatchObject({ runId, judge: 'offline@2' });
  expect(data.stats.labels).toHaveLength(9);
  const judged = Number((await page.getByTestId('tax-edits').locator('dd').textContent())!.replace(/,/g, ''));
  expect(data.stats.edits).toBe(judged);
});

test('lineage coloured by an edit label, and the compare page pools the demo runs', async ({ page }) => {
  test.setTimeout(180_000);
  const a = await openRunFromList(page, DEMO_RUNS[0]);
  const b = await openRunFromList(page, DEMO_RUNS[1]);
  await page.goto(`/runs/${a}/taxonomy`);
  await expectTaxonomyReady(page);
  const label = await labelWithEdits(page);
  const title = LABEL_TITLES[label as EditLabel];

  // Colour the lineage by the label from the toolbar; the URL keeps it, a reload restores it.
  await page.goto(`/runs/${a}/lineage`);
  await expect(page.getByTestId('lineage-canvas')).toHaveAttribute('data-state', 'ready');
  await page.getByLabel('Colour by').selectOption(`label:${label}`);
  await expect(page).toHaveURL(new RegExp(`[?&]label=${label}(&|$)`));
  await expect(page).toHaveURL(/[?&]color=label(&|$)/);
  const legend = page.getByLabel('Legend');
  const labelled = new RegExp(`edit labelled ${title} \\([1-9][\\d,]*\\)`);
  await expect(legend).toContainText(labelled, JUDGED);
  await expect(legend).toContainText(/not judged or no parent \(\d+\)/);
  await page.reload();
  await expect(page.getByLabel('Colour by')).toHaveValue(`label:${label}`);
  await expect(legend).toContainText(labelled);

  await page.goto(`/compare?runs=${a},${b}`);
  const pooled = page.getByTestId('pooled-taxonomy');
  await expect(pooled).toHaveAttribute('data-state', 'ready', JUDGED);
  await expect(pooled.getByTestId('pooled-taxonomy-figure').getByTestId('prevalence-bar')).toHaveCount(9);
  await expect(pooled.getByTestId('pooled-taxonomy-figure').getByTestId('odds-point')).toHaveCount(9);
  await expect(pooled).toContainText('pooled over 2 runs');
});

test.describe('the LLM judge from the taxonomy page (a scripted OpenAI-compatible server on loopback)', () => {
  let llm: ScriptedLlm;
  const NO_LLM = { baseUrl: null, model: null, apiKey: null, timeoutMs: 60_000, maxRetries: 4, concurrency: 4 };
  test.beforeAll(async () => {
    // Slow enough replies that the batch is still running when Cancel is clicked.
    llm = await startScriptedLlm((req) => ({ ...labelsReply(/^[-+].*\d/m.test(req.diff ?? '') ? ['hyperparameter_tuning'] : ['local_refinement'], 'scripted'), delayMs: 120 }));
  });
  test.afterAll(async ({ request }) => {
    await request.put('/api/settings/llm', { data: NO_LLM });
    await llm.close();
  });

  test('not configured: says so with a link to Settings; configured: start, cancel, resume to the end, switch to its labels, agreement with the offline judge', async ({ page, request }) => {
    test.setTimeout(240_000);
    expect((await request.put('/api/settings/llm', { data: NO_LLM })).ok()).toBeTruthy();
    const runId = await openRunFromList(page, DEMO_RUNS[1]);
    await page.goto(`/runs/${runId}/taxonomy`);
    await expectTaxonomyReady(page);
    const panel = page.getByTestId('judge-batch-panel');
    await expect(panel.getByTestId('llm-not-configured')).toContainText('No LLM is configured');
    await expect(panel.getByTestId('llm-not-configured').getByRole('link', { name: 'Settings' })).toHaveAttribute('href', '/settings');
    await expect(panel.getByRole('button', { name: 'Judge with LLM' })).toBeDisabled();

    const put = await request.put('/api/settings/llm', { data: { ...NO_LLM, baseUrl: llm.baseUrl, model: 'scripted-model', maxRetries: 0, concurrency: 2 } });
    expect(put.ok(), await put.text()).toBeTruthy();
    await page.reload();
    await expectTaxonomyReady(page);
    await panel.getByRole('button', { name: 'Judge with LLM' }).click();
    const batch = panel.getByTestId('llm-batch');
    const progress = panel.getByTestId('llm-batch-progress').getByRole('progressbar');
    await expect(batch).toHaveAttribute('data-status', /queued|running/);
    await expect(progress).toHaveAttribute('data-value', /^[1-9]/, { timeout: 60_000 });
    await panel.getByRole('button', { name: 'Cancel' }).click();
    await expect(batch).toHaveAttribute('data-status', 'cancelled');
    const judgedAtCancel = Number(await progress.getAttribute('data-value'));
    expect(judgedAtCancel).toBeLessThan(Number(await progress.getAttribute('aria-valuemax')));

    // Resume: a new batch over the edits still unjudged, run to its end; the figures say tokens and cost.
    await panel.getByRole('button', { name: 'Resume' }).click();
    await expect(batch).toHaveAttribute('data-status', 'done', { timeout: 180_000 });
    await expect(panel.getByTestId('llm-batch-progress')).toContainText(/\d+ of \d+ edits · \d+ cached · \d+ not judged · [\d,]+ tokens · \$0 · done/);

    // Switch to the LLM's labels: the figure is drawn from them, and the URL says which judge.
    const key = llmJudgeKey('scripted-model');
    await page.getByTestId('judge-select').selectOption(key);
    await expect(page.getByTestId('taxonomy-view')).toHaveAttribute('data-judge', key);
    await expect(page).toHaveURL(new RegExp(`\\?judge=${encodeURIComponent(key)}$`));
    await expectTaxonomyReady(page);
    const figure = page.getByTestId('taxonomy-figure');
    await expect(figure.getByTestId('prevalence-bar')).toHaveCount(9);
    // The scripted judge used only two labels: the others have no edits.
    const used = await page.getByTestId('label-stats-row').evaluateAll((rows) =>
      rows.filter((r) => Number(r.querySelectorAll('td')[1].textContent!.replace(/,/g, '')) > 0).map((r) => r.getAttribute('data-label')),
    );
    expect(used.length).toBeGreaterThan(0);
    expect(used.every((l) => l === 'hyperparameter_tuning' || l === 'local_refinement')).toBe(true);

    // Two judges with labels: their agreement over the edits both judged.
    const agreement = page.getByTestId('judge-agreement');
    await expect(agreement).toHaveAttribute('data-state', 'ready');
    await expect(page.getByTestId('agree-n').locator('dd')).toHaveText(/^[1-9][\d,]*$/);
    await expect(agreement.getByRole('table', { name: 'Agreement per label' }).getByRole('row')).toHaveCount(10);
  });
});

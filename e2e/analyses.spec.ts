// The analysis views: cycling, evolution, compare, and re-added marks on the diff page. The
// reports are stored by the worker; every wait is on page state (data-state, URL, attributes).
import fs from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { DEMO_RUNS, openRunFromList } from './helpers';

/** Opens one of the run's views from the run navigation under the title. */
async function openRunView(page: Page, view: 'Cycling' | 'Evolution') {
  const nav = page.getByRole('navigation', { name: 'Run views' });
  await nav.getByRole('link', { name: view, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/runs/[0-9a-f-]{36}/${view.toLowerCase()}`));
  await expect(nav.getByRole('link', { name: view, exact: true })).toHaveAttribute('aria-current', 'page');
}

async function expectCyclingReady(page: Page, definitions: string, scope: string) {
  const view = page.getByTestId('cycling-view');
  await expect(view).toHaveAttribute('data-definitions', definitions);
  await expect(view).toHaveAttribute('data-scope', scope);
  await expect(view).toHaveAttribute('data-state', 'ready', { timeout: 45_000 });
}

const statValue = (page: Page, id: string) => page.getByTestId(id).locator('dd');

test('the cycling page of a demo run shows its figures, trend, top lines with timelines linking to diffs, and edits', async ({ page }) => {
  await openRunFromList(page, DEMO_RUNS[0]);
  await openRunView(page, 'Cycling');
  await expectCyclingReady(page, 'default', 'lineage');

  // Headline figures are there and not zero.
  await expect(statValue(page, 'cyc-recycled-share')).toHaveText(/^(?!0\.0 %)\d+\.\d %$/);
  for (const id of ['cyc-events', 'cyc-unique-lines', 'cyc-edits']) await expect(statValue(page, id)).toHaveText(/^[1-9][\d,]*$/);
  await expect(statValue(page, 'cyc-median-span')).toHaveText(/^\d/);
  await expect(statValue(page, 'cyc-slope')).toContainText('pp / it');

  // The trend line is drawn, and every chart names its definition.
  await expect(page.getByTestId('trend-path')).toHaveAttribute('d', /^M[\d.-]+,[\d.-]+L/);
  await expect(page.getByTestId('trend-chart')).toContainText('Definition: An added line is recycled');
  await expect(page.getByTestId('class-split')).toContainText('Definition:');
  // The class split adds up to the total it states (issue 24), and the headline's classes are its parts.
  const classCount = async (id: string) => Number((await statValue(page, id).textContent())!.replace(/,/g, ''));
  const classes = (await classCount('cyc-literal')) + (await classCount('cyc-tuning')) + (await classCount('cyc-trivial'));
  await expect(page.getByTestId('class-split-total')).toHaveAttribute('data-total', String(classes));
  await expect(page.getByTestId('class-split-total')).toContainText(`= ${classes} re-additions by skeleton`);
  await expect(page.getByTestId('span-histogram').getByTestId('histogram-bar').first()).toBeVisible();

  // Edits table: a page of rows, sortable within the page.
  const edits = page.getByRole('table', { name: 'Edits' });
  await expect(edits.getByTestId('edit-row').first()).toBeVisible();
  const header = edits.getByRole('columnheader', { name: 'Recycled added' });
  await header.getByRole('button').click();
  await expect(header).toHaveAttribute('aria-sort', 'descending');
  const firstRecycled = await edits.getByTestId('edit-row').first().locator('td').nth(4).textContent();
  expect(Number(firstRecycled)).toBeGreaterThan(0);

  // Export: the whole edits table of these definitions as CSV, and the report as JSON.
  const [csv] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export edits (CSV)' }).click()]);
  expect(csv.suggestedFilename()).toMatch(/^cycling-[0-9a-f]{8}-default-lineage-edits\.csv$/);
  const csvText = fs.readFileSync((await csv.path())!, 'utf8');
  const editCount = Number((await statValue(page, 'cyc-edits').textContent())!.replace(/,/g, ''));
  expect(csvText.split('\r\n')[0]).toBe('parent,child,iteration,added,recycled_added,removed,recycled_removed,bucket');
  expect(csvText.trimEnd().split('\r\n')).toHaveLength(editCount + 1);
  const [json] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export report (JSON)' }).click()]);
  const report = JSON.parse(fs.readFileSync((await json.path())!, 'utf8')) as { definitions: string; scope: string; edits: unknown[] };
  expect(report).toMatchObject({ definitions: 'default', scope: 'lineage' });
  expect(report.edits).toHaveLength(editCount);

  // The most cycled lines: open a timeline and follow a marker to the edit's diff.
  const lines = page.getByRole('table', { name: 'Most cycled lines' });
  await expect(lines.getByTestId('top-line-row').first()).toBeVisible();
  const toggle = lines.getByTestId('top-line-row').first().getByRole('button', { name: /timeline/ });
  await expect(toggle).toHaveText('Show timeline');
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  const timeline = lines.getByTestId('line-timeline');
  await expect(timeline.getByTestId('timeline-removed').first()).toBeVisible();
  await expect(timeline.getByTestId('timeline-added').first()).toBeVisible();
  await timeline.getByTestId('timeline-removed').first().click();
  await expect(page).toHaveURL(/\/programs\/[0-9a-f-]{36}\/diff\?definitions=default&scope=lineage$/);
  await expect(page.getByTestId('diff-editor')).toHaveAttribute('data-ready', 'true');
});

test('switching scope and definitions changes the URL and the figures', async ({ page }) => {
  await openRunFromList(page, DEMO_RUNS[0]);
  await openRunView(page, 'Cycling');
  await expectCyclingReady(page, 'default', 'lineage');
  const share = statValue(page, 'cyc-recycled-share');
  const lineageShare = (await share.textContent())!;

  await page.getByRole('group', { name: 'Scope' }).getByRole('link', { name: 'Run-wide' }).click();
  await expect(page).toHaveURL(/\/cycling\?definitions=default&scope=run$/);
  await expectCyclingReady(page, 'default', 'run');
  await expect(page.getByRole('group', { name: 'Scope' }).getByRole('link', { name: 'Run-wide' })).toHaveAttribute('aria-current', 'true');
  await expect(share).not.toHaveText(lineageShare);
  const runShare = (await share.textContent())!;

  await page.getByRole('group', { name: 'Definitions' }).getByRole('link', { name: 'EvoReplay-compatible' }).click();
  await expect(page).toHaveURL(/\/cycling\?definitions=evoreplay&scope=run$/);
  await expectCyclingReady(page, 'evoreplay', 'run');
  await expect(share).not.toHaveText(runShare);
  await expect(page.getByTestId('trend-chart')).toContainText('EvoReplay-compatible definitions');

  // The URL is a permalink: loading it again shows the same choice.
  await page.reload();
  await expectCyclingReady(page, 'evoreplay', 'run');
  await expect(page.getByRole('group', { name: 'Definitions' }).getByRole('link', { name: 'EvoReplay-compatible' })).toHaveAttribute('aria-current', 'true');
});

test('the evolution page draws complexity, composition and lineage depth', async ({ page }) => {
  await openRunFromList(page, DEMO_RUNS[1]);
  await openRunView(page, 'Evolution');
  await expect(page.getByTestId('evolution-view')).toHaveAttribute('data-state', 'ready', { timeout: 45_000 });
  await expect(statValue(page, 'evo-depth')).toHaveText(/^[1-9]\d*$/);
  await expect(statValue(page, 'evo-dead-branch')).toHaveText(/^\d+\.\d %$/);
  for (const measure of ['loc', 'numericLiterals', 'tunableLiterals']) {
    await expect(page.getByTestId(`complexity-${measure}`).getByTestId('complexity-median')).toHaveAttribute('d', /^M[\d.-]+,[\d.-]+L/);
  }
  const composition = page.getByTestId('composition-chart');
  await expect(composition.getByTestId('composition-rect').first()).toBeVisible();
  await expect(composition).toContainText('Evoscope default definitions');
  await expect(page.getByTestId('depth-histogram').getByTestId('histogram-bar').first()).toBeVisible();
});

test('compare: pick both demo runs on the runs list, see two curves and two rows', async ({ page }) => {
  await page.goto('/');
  const runs = page.getByRole('table', { name: 'Runs' });
  for (const name of DEMO_RUNS) await runs.getByRole('checkbox', { name: `Select ${name} for comparison` }).check();
  await page.getByRole('link', { name: 'Compare selected (2)' }).click();
  await expect(page).toHaveURL(/\/compare\?runs=[0-9a-f-]{36},[0-9a-f-]{36}$/);

  const curves = page.getByTestId('compare-curve');
  await expect(curves).toHaveCount(2, { timeout: 45_000 });
  for (const c of await curves.all()) await expect(c).toHaveAttribute('d', /^M[\d.-]+,[\d.-]+/);
  const table = page.getByRole('table', { name: 'Compared runs' });
  await expect(table.locator('tbody tr')).toHaveCount(2);
  for (const name of DEMO_RUNS) await expect(table.getByRole('link', { name, exact: true })).toBeVisible();
  await expect(table.getByTestId('compare-recycled-share').first()).toHaveText(/^\d+\.\d %$/);

  // Normalised y: both curves end at 100 % of their gain.
  await page.getByRole('checkbox', { name: /Normalise each run/ }).check();
  await expect(curves).toHaveCount(2);
  await expect(page.getByTestId('compare-curves')).toContainText('(best-so-far − first valid score)');

  // The picker rewrites the URL.
  await page.getByText(/Runs to compare/).click();
  await page.getByRole('group', { name: /Pick any runs/ }).getByRole('checkbox', { name: new RegExp(DEMO_RUNS[1].replace(/[()+.]/g, '\\$&')) }).uncheck();
  await expect(page).toHaveURL(/\/compare\?runs=[0-9a-f-]{36}&scope=lineage$/);
  await expect(curves).toHaveCount(1);
});

test('the diff of a child that re-adds deleted lines marks them and links to the edit that removed them', async ({ page }) => {
  const runId = await openRunFromList(page, DEMO_RUNS[0]);
  await openRunView(page, 'Cycling');
  await expectCyclingReady(page, 'default', 'lineage');
  const lines = page.getByRole('table', { name: 'Most cycled lines' });
  await lines.getByTestId('top-line-row').first().getByRole('button', { name: 'Show timeline' }).click();

  // Among the line's additions, pick one the analysis paired with an earlier removal.
  const added = lines.getByTestId('line-timeline').getByTestId('timeline-added');
  await expect(added.first()).toBeVisible();
  let pick = -1;
  for (let i = 0; i < (await added.count()) && pick < 0; i++) {
    const childId = /added by (\S+) at iteration/.exec((await added.nth(i).getAttribute('aria-label')) ?? '')![1];
    const res = await page.request.get(`/api/runs/${runId}/cycling/marks?childId=${encodeURIComponent(childId)}&definitions=default&scope=lineage`);
    expect(res.status()).toBe(200);
    if (((await res.json()) as { marks: unknown[] }).marks.length > 0) pick = i;
  }
  expect(pick, 'a child of the top line re-adds it').toBeGreaterThanOrEqual(0);
  // Markers of neighbouring iterations can overlap on the timeline (the next one then takes the
  // mouse): follow the link from the keyboard, as it is focusable.
  await added.nth(pick).focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/programs\/[0-9a-f-]{36}\/diff\?/);

  const diff = page.getByTestId('diff-editor');
  await expect(diff).toHaveAttribute('data-ready', 'true');
  const marks = page.getByTestId('readded-marks');
  await expect(marks).toHaveAttribute('data-state', 'ready');
  const items = page.getByRole('list', { name: 'Re-added lines' }).getByTestId('readded-item');
  await expect(items.first()).toBeVisible();
  await expect(items.first()).toContainText(/removed by .+ at iteration \d+/);
  await expect(items.first()).toContainText(/literal|tuning|trivial/);
  await expect(diff).toHaveAttribute('data-decorated', /^[1-9]\d*$/);
  // A line of the list scrolls the editor to it, where the line carries the mark.
  await items.first().getByRole('button', { name: /Show line \d+ in the editor/ }).first().click();
  await expect(diff.locator('.modified .readded-line').first()).toBeVisible();

  // Each item links to the program whose edit removed the line.
  await items.first().getByRole('link').first().click();
  await expect(page).toHaveURL(/\/programs\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 1, name: /^Program/ })).toBeVisible();
});

// Issue 22's trace fields in the browser: an EvoX-like run (imported here through the writer, as
// the new importers will store it) with co-evolved strategies, a rejected program, context refs,
// origins and a components program. The strategy page (timeline, table, code and diff), the
// lineage's "show rejected" and context-edge toggles (state in the URL), the program page's
// origin, context links, rejected status and per-component code.
import crypto from 'node:crypto';
import { expect, test } from '@playwright/test';
import { disconnect, pool } from '../lib/db/client';
import { storeImportedRun } from '../lib/db/importRun';
import type { ImportedRun } from '../lib/trace/schema';
import { DEMO_RUNS, openRunFromList } from './helpers';

const tag = crypto.randomUUID().slice(0, 8);
const name = `EvoX trace fields ${tag}`;
let runId = '';
const idOf: Record<string, string> = {};

function evoxRun(): ImportedRun {
  const programs: ImportedRun['programs'] = Array.from({ length: 6 }, (_, i) => ({
    externalId: `p${i}`, code: `# ${tag}\nx = ${i}\n`, iteration: i, valid: true, score: i, metrics: { score: i },
    parents: i ? [{ externalId: `p${i - 1}` }] : [],
    origin: { model: i % 2 ? 'gpt-5-mini' : 'o3', operator: 'refine', promptTokens: 1200 + i, completionTokens: 300, cost: 0.25 },
    contextRefs: i === 4 ? [{ externalId: 'p1', label: 'inspiration' }] : [],
  }));
  programs.push(
    { externalId: 'rejected-1', code: `# ${tag} rejected\n`, iteration: 6, valid: true, score: 99, metrics: { score: 99 }, parents: [{ externalId: 'p5' }], rejected: true },
    { externalId: 'gepa-1', code: '', iteration: 7, valid: true, score: 1, metrics: { score: 1 }, parents: [{ externalId: 'p0' }],
      components: { system_prompt: 'You solve packing problems.', judge: 'Score strictly.' } },
  );
  return {
    run: { name, framework: 'skydiscover', scoreMetric: 'score', language: 'python' },
    warnings: [],
    stats: {},
    programs,
    strategies: [
      { iteration: 0, code: 'def select(db):\n    return db.best()\n', score: 0.5, isNewBest: true, fallback: false, activeFrom: 0, activeTo: 3 },
      { iteration: 1, code: 'def select(db):\n    return db.sample(k=4)\n', score: 0.3, isNewBest: false, fallback: true, activeFrom: 4, activeTo: 7,
        failedAttempts: [{ error: 'SyntaxError' }] },
    ],
  };
}

test.beforeAll(async () => {
  runId = (await storeImportedRun(evoxRun())).runId;
  const { rows } = await pool().query<{ id: string; external_id: string }>('SELECT id, external_id FROM programs WHERE run_id = $1', [runId]);
  for (const r of rows) idOf[r.external_id] = r.id;
});

test.afterAll(async () => {
  await pool().query('DELETE FROM runs WHERE id = $1', [runId]);
  await disconnect();
});

test('the strategy page: timeline, table, and each strategy with its diff to the one before', async ({ page }) => {
  await page.goto(`/runs/${runId}`);
  await page.getByRole('navigation', { name: 'Run views' }).getByRole('link', { name: 'Strategies' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Search strategies' })).toBeVisible();
  const bars = page.getByTestId('strategy-bar');
  await expect(bars).toHaveCount(2);
  await expect(bars.nth(0)).toHaveAttribute('data-kind', 'new-best');
  await expect(bars.nth(1)).toHaveAttribute('data-kind', 'fallback');
  await expect(page.getByTestId('strategies-table').locator('tbody tr')).toHaveCount(2);
  // The last strategy is shown first, as a diff against the one before it.
  await expect(page.getByTestId('strategy-detail')).toHaveAttribute('data-iteration', '1');
  await expect(page.getByTestId('diff-editor')).toHaveAttribute('data-ready', 'true');
  await bars.nth(0).click();
  await expect(page).toHaveURL(/strategy=0/);
  await expect(page.getByTestId('strategy-detail')).toHaveAttribute('data-iteration', '0');
  await expect(page.getByTestId('strategy-code')).toHaveAttribute('data-view', 'code');
  await expect(page.getByTestId('code-editor')).toHaveAttribute('data-ready', 'true');
});

test('a run without strategies does not link the page', async ({ page }) => {
  await openRunFromList(page, DEMO_RUNS[0]);
  await expect(page.getByRole('navigation', { name: 'Run views' }).getByRole('link', { name: 'Lineage' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Run views' }).getByRole('link', { name: 'Strategies' })).toHaveCount(0);
});

test('the lineage hides rejected programs unless asked, and draws context edges on demand, both in the URL', async ({ page }) => {
  await page.goto(`/runs/${runId}/lineage`);
  const canvas = page.getByTestId('lineage-canvas');
  await expect(canvas).toHaveAttribute('data-state', 'ready');
  await expect(canvas).toHaveAttribute('data-nodes', '7');
  await expect(page.getByRole('status').filter({ hasText: 'programs ·' })).toContainText('1 rejected hidden');
  await page.getByTestId('show-rejected').check();
  await expect(canvas).toHaveAttribute('data-nodes', '8');
  await expect(page).toHaveURL(/rejected=1/);
  await page.getByTestId('context-edges').selectOption('all');
  await expect(page).toHaveURL(/context=all/);
  await expect(page.getByTestId('legend-context-edges')).toBeVisible();
  // The permalink restores both.
  await page.reload();
  await expect(canvas).toHaveAttribute('data-nodes', '8');
  await expect(page.getByTestId('show-rejected')).toBeChecked();
  await expect(page.getByTestId('context-edges')).toHaveValue('all');
});

test('the program page shows who made it, what it was shown, and a rejected status', async ({ page }) => {
  await page.goto(`/runs/${runId}/programs/${idOf.p4}`);
  const origin = page.getByTestId('program-origin');
  await expect(origin.locator('[data-field="model"]')).toHaveText('o3');
  await expect(origin.locator('[data-field="operator"]')).toHaveText('refine');
  await expect(origin.locator('[data-field="prompt tokens"]')).toHaveText('1,204');
  await expect(origin.locator('[data-field="cost"]')).toHaveText('$0.25');
  await page.getByTestId('context-refs').getByRole('link', { name: 'p1' }).click();
  await expect(page).toHaveURL(new RegExp(`/programs/${idOf.p1}$`));

  await page.goto(`/runs/${runId}/programs/${idOf['rejected-1']}`);
  await expect(page.getByTestId('program-status')).toHaveAttribute('data-status', 'rejected');

  await page.goto(`/runs/${runId}/programs/${idOf['gepa-1']}`);
  const sections = page.getByTestId('component-section');
  await expect(sections).toHaveCount(2);
  await expect(sections.nth(0).getByRole('heading')).toHaveText('judge');
  await expect(sections.nth(1).getByRole('heading')).toHaveText('system_prompt');
});

// Ablation in the browser (issue 11, items 1 and 2): on the demo circle-packing run, a program
// that set a new best over its parent is ablated from its page (each hunk and each touched
// function reverted on its own, and the whole edit, evaluated in the sandbox by the worker);
// the result shows a verdict per variant in colour and words beside the edit's labels, and the
// run's Experiments page lists it under Ablations with a CSV of what it shows.
import fs from 'node:fs';
import { expect, test } from '@playwright/test';
import { disconnect, pool } from '../lib/db/client';
import { lineEdit } from '../lib/interventions/ablation/hunks';
import { DEMO_RUNS, openRunFromList } from './helpers';

const own: string[] = [];
test.afterAll(async () => {
  await pool().query('DELETE FROM experiments WHERE id = ANY($1::uuid[])', [own]);
  await disconnect();
});

test('ablate an edit from its program page, then find it on the run’s Experiments page', async ({ page, request }) => {
  test.setTimeout(180_000);
  const runId = await openRunFromList(page, DEMO_RUNS[0]);
  const best = (await (await request.get(`/api/runs/${runId}/best-so-far`)).json()) as { points: { programId: string; externalId: string }[] };
  // The first best-so-far event after the seed whose edit has two hunks or more (a new best
  // improved on every earlier program, its parent included): hunks and the whole edit differ.
  type Detail = { code: string; parents: { id: string | null }[] };
  const detail = async (id: string) => (await (await request.get(`/api/runs/${runId}/programs/${id}`)).json()) as Detail;
  let target: { programId: string; externalId: string } | null = null;
  for (const p of best.points.slice(1)) {
    const child = await detail(p.programId);
    const parentId = child.parents.find((x) => x.id)?.id;
    if (parentId && lineEdit((await detail(parentId)).code, child.code).hunks.length >= 2) {
      target = p;
      break;
    }
  }
  expect(target, 'a best-so-far edit of the demo run with two hunks or more').not.toBeNull();
  await page.goto(`/runs/${runId}/programs/${target!.programId}`);
  await expect(page.getByTestId('score-delta')).toHaveAttribute('data-direction', 'better');

  const section = page.getByTestId('experiments-section');
  await section.getByRole('button', { name: 'Ablate…' }).click();
  await section.getByTestId('ablate-form').getByRole('button', { name: 'Start ablation' }).click();
  const panel = section.getByTestId('experiment-panel');
  own.push((await panel.getAttribute('data-experiment-id'))!);
  const result = panel.getByTestId('ablation-result');
  await expect(result).toBeVisible({ timeout: 150_000 });
  await expect(panel.getByTestId('experiment-status')).toHaveText('done');

  const rows = result.getByTestId('ablation-row');
  const n = await rows.count();
  expect(n).toBeGreaterThanOrEqual(3); // two hunks or more, and the whole edit
  for (let i = 0; i < n; i++) expect(['carried', 'neutral', 'hurt', 'failed']).toContain(await rows.nth(i).getAttribute('data-verdict'));
  // Reverting the whole edit gives the parent back, which scored lower: the edit carried the gain.
  const whole = rows.filter({ has: page.getByRole('rowheader', { name: /whole edit/ }) });
  await expect(whole).toHaveAttribute('data-verdict', 'carried');
  await expect(whole.getByRole('cell').nth(3)).toHaveText('carried');
  await expect(result.getByTestId('ablation-labels')).toContainText('Edit types');
  // A hunk's header and lines open on demand.
  const hunk = rows.filter({ has: page.getByRole('rowheader', { name: /^hunk 1/ }) });
  await hunk.locator('summary').click();
  await expect(hunk.locator('pre')).toContainText('@@');

  // The run's Experiments page: in the run views, Ablations tab, the export holds every variant.
  await section.getByRole('link', { name: "All of this run's experiments" }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Experiments' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Run views' }).getByRole('link', { name: 'Experiments' })).toHaveAttribute('aria-current', 'page');
  const tab = page.getByRole('tab', { name: /^Ablations/ });
  await tab.click();
  await expect(tab).toHaveAttribute('aria-selected', 'true');
  const table = page.getByRole('table', { name: 'Ablation experiments' });
  await expect(table.getByRole('row').filter({ hasText: target!.externalId })).toContainText('carried');
  const [csv] = await Promise.all([page.waitForEvent('download'), page.getByRole('group', { name: /Export ablations/ }).getByRole('button', { name: 'Export CSV' }).click()]);
  const lines = fs.readFileSync((await csv.path())!, 'utf8').trimEnd().split('\r\n');
  expect(lines[0]).toBe('experiment_id,program,unit,label,score,contribution,verdict');
  expect(lines.filter((l) => l.startsWith(own[0]))).toHaveLength(n);
  // Keyboard: the tabs move with the arrow keys.
  await tab.press('ArrowLeft');
  await expect(page.getByRole('tab', { name: /^Tuning/ })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('tab', { name: /^Tuning/ })).toBeFocused();
});

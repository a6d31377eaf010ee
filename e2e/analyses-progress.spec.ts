// The analyses job's progress on the run's pages: a live run's programs arrive, the overview says
// "analyses: ..." (queued during the ingestion's debounce, then the job's steps) under the run's
// navigation, and the line goes away once the reports are stored, the cycling view then ready.
import { expect, test } from '@playwright/test';
import { syntheticPrograms } from '../lib/services/demo/synthetic';
import { createLiveRun, postPrograms } from './ingest';

test('the run overview shows the analyses progress while they are due, and nothing once they are stored', async ({ page, request }) => {
  const name = `analyses progress ${Date.now()}`;
  const run = await createLiveRun(request, name);
  const programs = [...syntheticPrograms(300, 31)].map((p) => ({
    id: p.id,
    iteration: p.iteration,
    code: p.code,
    language: 'python',
    ...(p.parentId ? { parent_ids: [p.parentId] } : {}),
    metrics: { score: p.score ?? 0 },
  }));
  await postPrograms(request, run.runId, programs);
  await page.goto(`/runs/${run.runId}`);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  const line = page.getByTestId('analyses-progress');
  await expect(line).toHaveText(/^analyses: (queued|.*(reading the run|complexity|cycling|storing|lineage graph|duplicates))/);
  await expect(line).toBeHidden({ timeout: 90_000 });
  await page.getByRole('navigation', { name: 'Run views' }).getByRole('link', { name: 'Cycling', exact: true }).click();
  await expect(page.getByTestId('cycling-view')).toHaveAttribute('data-state', 'ready', { timeout: 45_000 });
  await expect(page.getByTestId('analyses-progress')).toBeHidden();
});

// The compare page's curve controls (issue 7, item 13): runs whose score metrics differ are
// scaled per run by default (and the page says so); a metric per run; log scale; x by
// iteration or by normalised budget.
import { expect, test, type APIRequestContext } from '@playwright/test';
import { ingestToken, postPrograms } from './ingest';

async function liveRun(request: APIRequestContext, name: string, scoreMetric: string, programs: object[]) {
  const headers = { authorization: `Bearer ${await ingestToken(request)}` };
  const res = await request.post('/api/ingest/runs', { headers, data: { name, framework: 'custom', scoreMetric } });
  expect(res.status(), await res.text()).toBe(201);
  const { runId } = (await res.json()) as { runId: string };
  await postPrograms(request, runId, programs);
  expect((await request.post(`/api/ingest/runs/${runId}/finish`, { headers, data: {} })).ok()).toBeTruthy();
  return runId;
}

const chain = (n: number, metrics: (i: number) => Record<string, number>) =>
  Array.from({ length: n }, (_, i) => ({ id: `p${i}`, iteration: i, code: `x = ${i}\n`, parent_ids: i ? [`p${i - 1}`] : [], metrics: metrics(i) }));

test('runs with different score metrics: per-run scale by default, metric per run, log scale, x by iteration', async ({ page, request }) => {
  const stamp = Date.now();
  const a = await liveRun(request, `cmp speed ${stamp}`, 'throughput', chain(20, (i) => ({ throughput: 1 + i * i * 5, latency: 100 - i })));
  const b = await liveRun(request, `cmp accuracy ${stamp}`, 'accuracy', chain(40, (i) => ({ accuracy: 0.5 + i / 100 })));
  await page.goto(`/compare?runs=${a},${b}`);
  const figure = page.getByTestId('compare-curves');
  const curves = page.getByTestId('compare-curve');
  await expect(curves).toHaveCount(2, { timeout: 45_000 });

  // Different metrics: each run on its own scale, and the page says why.
  await expect(figure.getByRole('note')).toContainText('The runs’ score metrics differ (throughput, accuracy)');
  await expect(figure.getByRole('checkbox', { name: /Normalise each run/ })).toBeChecked();
  await expect(figure.locator('svg[role="img"]')).toHaveAttribute('data-y', 'per-run');
  await page.screenshot({ path: test.info().outputPath('per-run.png'), fullPage: true });

  // Another metric for one run: its curve follows it.
  await figure.getByRole('combobox', { name: `Metric of cmp speed ${stamp}` }).selectOption('latency');
  await expect(figure.locator(`[data-testid="compare-curve"][data-run="${a}"]`)).toHaveAttribute('data-metric', 'latency');
  await figure.getByRole('combobox', { name: `Metric of cmp speed ${stamp}` }).selectOption('throughput');

  // Raw values on a log scale.
  await figure.getByRole('checkbox', { name: /Normalise each run/ }).uncheck();
  await figure.getByRole('checkbox', { name: 'Log scale' }).check();
  await expect(figure.locator('svg[role="img"]')).toHaveAttribute('data-y', 'log');
  await expect(figure.locator('svg[role="img"] .axes')).toContainText('1000');
  await expect(figure.getByRole('note')).toContainText('raw values');

  // x by iteration: the longer run ends at its last iteration (39).
  await figure.getByRole('combobox', { name: 'x axis' }).selectOption('iteration');
  await expect(figure.locator('svg[role="img"]')).toHaveAttribute('data-x', 'iteration');
  await expect(figure.locator('svg[role="img"] .axes')).toContainText('iteration');
  await expect(figure.locator('svg[role="img"] .axes')).not.toContainText('iteration / last iteration');
  await figure.screenshot({ path: test.info().outputPath('log-by-iteration.png') });

  // Every switch is in the URL: a reload shows the same chart (issue 24).
  await expect(page).toHaveURL(/[?&]norm=0/);
  await expect(page).toHaveURL(/[?&]log=1/);
  await expect(page).toHaveURL(/[?&]x=iteration/);
  await page.reload();
  await expect(curves).toHaveCount(2, { timeout: 45_000 });
  await expect(figure.getByRole('checkbox', { name: /Normalise each run/ })).not.toBeChecked();
  await expect(figure.locator('svg[role="img"]')).toHaveAttribute('data-y', 'log');
  await expect(figure.locator('svg[role="img"]')).toHaveAttribute('data-x', 'iteration');
});

test('one metric on different scales is normalised by default; ids that are no run are named, not dropped', async ({ page, request }) => {
  const stamp = Date.now();
  const a = await liveRun(request, `cmp small ${stamp}`, 'score', chain(10, (i) => ({ score: -66.25 + i * 0.2 })));
  const b = await liveRun(request, `cmp large ${stamp}`, 'score', chain(10, (i) => ({ score: i * 40 })));
  const gone = '00000000-0000-4000-8000-00000000beef';
  await page.goto(`/compare?runs=${a},${b},${gone},junk`);
  const figure = page.getByTestId('compare-curves');
  await expect(page.getByTestId('compare-curve')).toHaveCount(2, { timeout: 45_000 });
  await expect(figure.getByRole('checkbox', { name: /Normalise each run/ })).toBeChecked();
  await expect(page.getByTestId('compare-scale-note')).toContainText('different scales');
  await expect(page.getByTestId('compare-ignored')).toContainText('“junk”');
  await expect(page.getByTestId('compare-missing')).toContainText(gone);
  await expect(page.getByTestId('compare-view')).toHaveAttribute('data-state', 'ready');
});

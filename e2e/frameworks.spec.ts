// Runs written by today's frameworks (issue 22), uploaded through the browser as a user would:
// the real SkyDiscover AdaEvolve run from ../shared/real-runs (read there, never copied), and
// fixtures written from each framework's source (GEPA's run_dir with its agent-state tree,
// OpenEvolve's evolution trace as one .jsonl.gz file, ShinkaEvolve's current programs.sqlite).
// Each run's pages (overview, lineage, cycling, edit types, database) open with no console error.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import * as tar from 'tar';
import { uploadRunFile } from './helpers';
import { writeCurrentShinkaRun } from '../lib/importers/testShinkaCurrent';

const realRuns = path.resolve(process.env.EVOSCOPE_REAL_RUNS ?? path.join(import.meta.dirname, '..', '..', 'shared', 'real-runs'));
const SKY = path.join('skydiscover__Forrest-Stone__adaevolve__circle-packing-0413', 'outputs', 'adaevolve', 'circle_packing_0413_1927');
const fixtures = path.join(import.meta.dirname, '..', 'tests', 'fixtures');

const uploaded: string[] = [];

/** outputs/<search>/<run> below a SkyDiscover fixture root. */
function firstRunDir(root: string): string[] {
  const search = fs.readdirSync(path.join(root, 'outputs'))[0];
  const run = fs.readdirSync(path.join(root, 'outputs', search))[0];
  return ['outputs', search, run];
}

async function tarOf(dir: string, archive: string): Promise<string> {
  await tar.c({ gzip: true, file: archive, cwd: dir, portable: true }, fs.readdirSync(dir));
  return archive;
}

/** Uploads one file through /upload and returns the run it stored (deleted after the test). */
async function uploadRun(page: Page, file: string): Promise<string> {
  const runId = await uploadRunFile(page, file);
  uploaded.push(runId);
  return runId;
}

/** Opens every view of the run and fails on any page error or console error. */
async function visitViews(page: Page, runId: string) {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(`console: ${m.text()}`);
  });
  await page.goto(`/runs/${runId}`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.goto(`/runs/${runId}/lineage`);
  await expect(page.getByTestId('lineage-canvas')).toHaveAttribute('data-state', 'ready', { timeout: 45_000 });
  await page.goto(`/runs/${runId}/cycling`);
  await expect(page.getByTestId('cycling-view')).toHaveAttribute('data-state', 'ready', { timeout: 60_000 });
  await page.goto(`/runs/${runId}/taxonomy`);
  await expect(page.getByTestId('taxonomy-view')).toHaveAttribute('data-state', /ready|empty/, { timeout: 60_000 });
  await page.goto(`/runs/${runId}/database`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByText('Islands over time')).toBeVisible();
  expect(errors).toEqual([]);
}

test.describe('runs of today\'s frameworks', () => {
  test.setTimeout(240_000);
  // The runs uploaded here are removed afterwards: other specs count the runs the store holds.
  test.afterEach(async ({ request }) => {
    for (const runId of uploaded.splice(0)) expect((await request.delete(`/api/runs/${runId}`)).ok(), `delete ${runId}`).toBe(true);
  });

  test('the real SkyDiscover AdaEvolve run: 83 programs, its best score, every page', async ({ page, request }, info) => {
    const runId = await uploadRun(page, await tarOf(path.join(realRuns, SKY), info.outputPath('skydiscover.tar.gz')));
    const run = (await (await request.get(`/api/runs/${runId}`)).json()) as { framework: string; programCount: number; bestScore: number };
    const summary = JSON.parse(fs.readFileSync(path.join(realRuns, SKY, 'summary.json'), 'utf8')) as { best_score: number };
    expect(run.programCount).toBe(83);
    expect(run.bestScore).toBeCloseTo(summary.best_score, 12);
    await visitViews(page, runId);
  });

  test('an EvoX run (fixture from SkyDiscover\'s source): its co-evolved strategies on their own page', async ({ page }, info) => {
    const dir = path.join(fixtures, 'skydiscover', 'evox', 'outputs', 'evox', 'demo_0101_1300');
    const runId = await uploadRun(page, await tarOf(dir, info.outputPath('evox.tar.gz')));
    await visitViews(page, runId);
    await page.goto(`/runs/${runId}`);
    await page.getByRole('navigation', { name: 'Run views' }).getByRole('link', { name: /strateg/i }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Search strategies' })).toBeVisible();
    await expect(page.getByTestId('strategy-bar').first()).toBeVisible();
    await expect(page.getByTestId('strategy-detail')).toBeVisible();
  });

  test('a SkyDiscover GEPA-native run keeps its rejected programs, hidden in the lineage until asked for', async ({ page, request }, info) => {
    const root = path.join(fixtures, 'skydiscover', 'gepa_native');
    const dir = path.join(root, ...firstRunDir(root));
    const runId = await uploadRun(page, await tarOf(dir, info.outputPath('gepa-native.tar.gz')));
    const run = (await (await request.get(`/api/runs/${runId}`)).json()) as { rejectedCount?: number };
    expect(run.rejectedCount ?? 0).toBeGreaterThan(0);
    await visitViews(page, runId);
    await page.goto(`/runs/${runId}/lineage`);
    const canvas = page.getByTestId('lineage-canvas');
    await expect(canvas).toHaveAttribute('data-state', 'ready');
    const hidden = Number(await canvas.getAttribute('data-nodes'));
    await page.getByTestId('show-rejected').check();
    await expect(page).toHaveURL(/[?&]rejected=1/);
    await expect.poll(async () => Number(await canvas.getAttribute('data-nodes'))).toBeGreaterThanOrEqual(hidden + run.rejectedCount!);
  });

  test('a GEPA run_dir with its agent-state tree, and GEPA-native candidates as named components', async ({ page, request }, info) => {
    const runId = await uploadRun(page, await tarOf(path.join(fixtures, 'gepa', 'run_dir_agent_state'), info.outputPath('gepa.tar.gz')));
    const run = (await (await request.get(`/api/runs/${runId}`)).json()) as { framework: string; programCount: number };
    expect(run.programCount).toBeGreaterThan(0);
    await visitViews(page, runId);
  });

  test('an OpenEvolve evolution trace uploaded as one .jsonl.gz file', async ({ page }) => {
    const runId = await uploadRun(page, path.join(fixtures, 'openevolve-trace', 'jsonl-gz', 'evolution_trace.jsonl.gz'));
    await visitViews(page, runId);
  });

  test("ShinkaEvolve's current programs.sqlite", async ({ page }, info) => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shinka-current-'));
    await writeCurrentShinkaRun(dir);
    const runId = await uploadRun(page, await tarOf(dir, info.outputPath('shinka.tar.gz')));
    await visitViews(page, runId);
  });
});

// The database page on real archives (issue 12, "what it must show"): a FunSearch export shows its
// islands, its config and its counters; the QOS OpenEvolve run shows its islands, its migrations
// and its MAP-Elites feature maps as a heatmap. Both are uploaded through the browser, as a user
// would, from ../shared/real-runs (read there, never copied into the repo).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import * as tar from 'tar';
import { uploadRunFile } from './helpers';

const realRuns = path.resolve(process.env.EVOSCOPE_REAL_RUNS ?? path.join(import.meta.dirname, '..', '..', 'shared', 'real-runs'));
const QOS = 'openevolve__bochen-sysnet__QOS__qaoa-frozenqubits';
const FUNSEARCH_FILE = path.join('funsearch__lumi-a__funsearch__json-data', 'docs', 'json-data', 'gasoline_list_1740234412.json');

const uploaded: string[] = [];

/** Uploads one file through /upload and returns the run it stored (deleted after the test). */
async function uploadRun(page: Page, archive: string): Promise<string> {
  const runId = await uploadRunFile(page, archive);
  uploaded.push(runId);
  return runId;
}

test.describe('the database page on real runs', () => {
  test.setTimeout(180_000);
  // The runs uploaded here are removed afterwards: other specs count the runs the store holds.
  test.afterEach(async ({ request }) => {
    for (const runId of uploaded.splice(0)) expect((await request.delete(`/api/runs/${runId}`)).ok(), `delete ${runId}`).toBe(true);
  });

  test('the QOS run shows its islands, migrations and feature maps', async ({ page }, info) => {
    const archive = info.outputPath('qos.tar.gz');
    await tar.c({ gzip: true, file: archive, cwd: path.join(realRuns, QOS), portable: true }, fs.readdirSync(path.join(realRuns, QOS)));
    const runId = await uploadRun(page, archive);
    await page.goto(`/runs/${runId}/database`);
    const lanes = page.getByTestId('island-lanes');
    await expect(lanes).toHaveAttribute('data-state', 'ready');
    expect(Number(await lanes.getAttribute('data-lanes'))).toBeGreaterThan(1);
    expect(Number(await lanes.getAttribute('data-migrations'))).toBeGreaterThan(0);
    await expect(page.getByTestId('migration-arrow').first()).toBeAttached();
    const map = page.getByTestId('feature-map');
    await expect(map).toBeVisible();
    expect(Number(await map.getAttribute('data-cells'))).toBeGreaterThan(0);
    // What OpenEvolve does not keep is said, not invented (it has no clusters).
    await expect(page.getByTestId('database-missing')).toContainText(/clusters/i);
  });

  test('a FunSearch export shows its islands, config and counters', async ({ page }, info) => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fs-one-'));
    fs.copyFileSync(path.join(realRuns, FUNSEARCH_FILE), path.join(dir, path.basename(FUNSEARCH_FILE)));
    const archive = info.outputPath('funsearch.tar.gz');
    await tar.c({ gzip: true, file: archive, cwd: dir, portable: true }, fs.readdirSync(dir));
    const runId = await uploadRun(page, archive);
    await page.goto(`/runs/${runId}/database`);
    await expect(page.getByTestId('database-config').getByRole('row', { name: /num_islands/ })).toBeVisible();
    const lanes = page.getByTestId('island-lanes');
    await expect(lanes).toHaveAttribute('data-state', 'ready');
    expect(Number(await lanes.getAttribute('data-lanes'))).toBeGreaterThan(1);
    const counters = page.getByTestId('counters-table');
    for (const key of ['iterations', 'execution_failed', 'total_stored_programs']) {
      await expect(counters.locator(`[data-counter="${key}"]`)).toBeVisible();
    }
    expect(Number(await counters.locator('[data-counter="iterations"]').getAttribute('data-final'))).toBeGreaterThan(0);
    // The export keeps no cost, no duplicates: said, not drawn as zero.
    await expect(counters.locator('[data-counter="cumulative_cost"]')).toHaveCount(0);
    await expect(page.getByTestId('database-missing')).toBeVisible();
  });
});

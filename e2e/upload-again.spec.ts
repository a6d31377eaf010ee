// The upload page across several imports (issue 7, item 11): the Import button works again once
// an import has ended, and the stored runs say what the user uploaded (name and source), never
// a temporary folder of the server.
import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import * as tar from 'tar';
import { awaitImport } from './helpers';

const realRuns = path.resolve(process.env.EVOSCOPE_REAL_RUNS ?? path.join(import.meta.dirname, '..', '..', 'shared', 'real-runs'));
const SHINKA = 'shinka__UT-AiInfra__cuco__ds-v3-moe';

async function packTarGz(dir: string, out: string) {
  await tar.c({ gzip: true, file: out, cwd: dir, portable: true }, fs.readdirSync(dir));
  return out;
}

/** Clicks Import and waits for this import (a new ?import= id) to end; returns its status box. */
async function importAndWait(page: Page, previous: string | null) {
  const button = page.getByRole('button', { name: 'Import' });
  await expect(button).toBeEnabled();
  await button.click();
  // Uploading and importing a folder of hundreds of files takes a while on a loaded machine.
  await expect.poll(() => new URL(page.url()).searchParams.get('import'), { timeout: 120_000 }).not.toBe(previous);
  await expect.poll(() => new URL(page.url()).searchParams.get('import'), { timeout: 120_000 }).not.toBeNull();
  const status = await awaitImport(page);
  return { status, id: new URL(page.url()).searchParams.get('import') };
}

async function runOf(page: Page, status: ReturnType<Page['getByTestId']>) {
  const href = await status.getByRole('link').first().getAttribute('href');
  const runId = href!.split('/').pop()!;
  return (await (await page.request.get(`/api/runs/${runId}`)).json()) as { name: string; sourcePath: string | null };
}

test.describe('upload, again', () => {
  test.setTimeout(180_000);

  test('after an import fails or succeeds, the next one starts without a reload', async ({ page }, info) => {
    const whole = await packTarGz(path.join(realRuns, SHINKA), info.outputPath('whole.tar.gz'));
    const cut = info.outputPath('cut.tar.gz');
    fs.writeFileSync(cut, fs.readFileSync(whole).subarray(0, 2000));
    await page.goto('/upload');
    await page.getByTestId('upload-input').setInputFiles(cut);
    const first = await importAndWait(page, null);
    await expect(first.status).toHaveAttribute('data-status', 'failed');

    await page.getByTestId('upload-input').setInputFiles(whole);
    const second = await importAndWait(page, first.id);
    await expect(second.status).toHaveAttribute('data-status', 'succeeded');

    await page.getByTestId('upload-input').setInputFiles(whole);
    const third = await importAndWait(page, second.id);
    await expect(third.status).toHaveAttribute('data-status', 'succeeded');
  });

  test('an archive upload records the archive as the source, not a temporary folder', async ({ page }, info) => {
    const archive = await packTarGz(path.join(realRuns, SHINKA), info.outputPath('moe-run.tar.gz'));
    await page.goto('/upload');
    await page.getByTestId('upload-input').setInputFiles(archive);
    const { status } = await importAndWait(page, null);
    await expect(status).toHaveAttribute('data-status', 'succeeded');
    const run = await runOf(page, status);
    expect(run.sourcePath).toMatch(/^upload: moe-run\.tar\.gz/);
    expect(run.sourcePath).not.toMatch(/evoscope|tmp|uploads/);
    await status.getByRole('link').first().click();
    await expect(page.getByText(/upload: moe-run\.tar\.gz/)).toBeVisible();
  });

  test('a folder upload names the run after the folder and records the folder as the source', async ({ page }, info) => {
    // A run folder with the run at its top: the run must take the folder's name.
    const run = path.join(realRuns, SHINKA, 'workloads', 'ds_v3_moe', 'results_ds_v3_moe');
    const folder = info.outputPath('my-moe-run');
    fs.cpSync(run, folder, { recursive: true });
    await page.goto('/upload');
    await page.getByRole('radio', { name: 'a folder' }).check();
    await page.getByTestId('upload-input').setInputFiles(folder);
    const { status } = await importAndWait(page, null);
    await expect(status).toHaveAttribute('data-status', 'succeeded');
    await expect(status.getByRole('listitem')).toHaveCount(1);
    const stored = await runOf(page, status);
    expect(stored.name).toBe('my-moe-run');
    expect(stored.sourcePath).toBe('upload: my-moe-run');

    // OpenEvolve names a run after the folder that holds openevolve_output: upload that folder
    // itself and the run must still be named after it, not after the server's folder.
    const oe = info.outputPath('qos-upload');
    fs.cpSync(path.join(realRuns, 'openevolve__bochen-sysnet__QOS__qaoa-frozenqubits', 'openevolve_output'), path.join(oe, 'openevolve_output'), { recursive: true });
    await page.goto('/upload');
    await page.getByRole('radio', { name: 'a folder' }).check();
    await page.getByTestId('upload-input').setInputFiles(path.join(oe, 'openevolve_output'));
    const again = await importAndWait(page, null);
    await expect(again.status).toHaveAttribute('data-status', 'succeeded');
    const qos = await runOf(page, again.status);
    expect(qos.name).toBe('openevolve_output');
    expect(qos.sourcePath).toMatch(/^upload: openevolve_output/);
  });
});

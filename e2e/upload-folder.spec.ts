// Folder uploads at disk speed (issue 24, item 1): the real QOS run folder (730 files) and a
// generated OpenEvolve run of 20,000 small files go through the browser's folder input, in
// batches of many files per request, several at once (components/upload/uploadPlan.ts), and
// import with exact counts. The progress bar says files and bytes per second. No timing is
// asserted here: `npm run bench -- upload` measures it.
import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { writeSyntheticOpenEvolveRun } from '../lib/services/demo/synthetic';
import { awaitImport } from './helpers';

const realRuns = path.resolve(process.env.EVOSCOPE_REAL_RUNS ?? path.join(import.meta.dirname, '..', '..', 'shared', 'real-runs'));
const QOS = path.join(realRuns, 'openevolve__bochen-sysnet__QOS__qaoa-frozenqubits');

const countFiles = (dir: string) => (fs.readdirSync(dir, { recursive: true, withFileTypes: true }) as fs.Dirent[]).filter((d) => d.isFile()).length;

async function uploadFolder(page: Page, dir: string) {
  await page.goto('/upload');
  await page.getByRole('radio', { name: 'a folder' }).check();
  await page.getByTestId('upload-input').setInputFiles(dir);
  const files = countFiles(dir);
  await expect(page.getByText(new RegExp(`^${files} files, `))).toBeVisible();
  await page.getByRole('button', { name: 'Import' }).click();
  const status = await awaitImport(page, 600_000);
  return { status, files };
}

test.describe('folder upload', () => {
  test('the QOS run folder uploads in batches and imports with its 204 programs; the bar shows the rates', async ({ page }) => {
    test.setTimeout(300_000);
    const batches: number[] = [];
    page.on('request', (r) => {
      if (r.method() === 'PUT' && r.url().includes('/batch')) batches.push(batches.length);
    });
    const { status, files } = await uploadFolder(page, QOS);
    expect(files).toBe(730);
    await expect(status).toHaveAttribute('data-status', 'succeeded');
    await expect(status.getByRole('listitem')).toHaveCount(1);
    await expect(status.getByRole('listitem')).toContainText('(204 programs)');
    // Many files per request, and the bar says how fast.
    expect(batches.length).toBeGreaterThan(1);
    expect(batches.length).toBeLessThan(files / 10);
    await expect(page.getByTestId('upload-progress')).toContainText(/^Uploaded: 9\.5 MB \/ 9\.5 MB, 730 \/ 730 files \(\d+(\.\d)? files\/s, \d+\.\d MB\/s\)$/);
    const res = await page.request.get(`/api/imports/${new URL(page.url()).searchParams.get('import')}`);
    expect((await res.json()).filesReceived).toBe(730);
  });

  test('a generated 20,000-file OpenEvolve run uploads and imports with every program', async ({ page }, info) => {
    test.setTimeout(1_200_000);
    const dir = info.outputPath('oe-20k');
    const { programs, files } = writeSyntheticOpenEvolveRun(dir, 19_600, 11);
    expect(files).toBeGreaterThanOrEqual(20_000);
    const up = await uploadFolder(page, dir);
    expect(up.files).toBe(files);
    await expect(page.getByTestId('import-error')).toHaveCount(0);
    await expect(up.status).toHaveAttribute('data-status', 'succeeded');
    await expect(up.status.getByRole('listitem')).toHaveCount(1);
    await expect(up.status.getByRole('listitem')).toContainText(`(${programs} programs)`);
    await expect(page.getByTestId('upload-progress')).toContainText(`${files} / ${files} files`);
    fs.rmSync(dir, { recursive: true, force: true });
  });
});

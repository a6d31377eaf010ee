// `npm run bench -- upload` (issue 24, item 1): folder uploads through a real browser. Headless
// Chromium picks a folder with the upload page's folder input and clicks Import; the time runs
// from the click until the page asks to start the import (every file stored: the page starts it
// only then), so it holds the browser reading and hashing the files, the requests and the
// server storing them, and not the import. Folders: the real QOS run (730 files, 9.5 MB) and a
// generated OpenEvolve run of 20,061 small files (68 MB). For comparison, the client before
// batching is replayed in the same page: one PUT per file, one after another, on the QOS folder.
//
//   BASE_URL=http://127.0.0.1:3000 npx tsx scripts/bench/uploadFolder.ts
//
// Prints one JSON object (rows) on stdout; progress goes to stderr.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Page } from '@playwright/test';
import { writeSyntheticOpenEvolveRun } from '../../lib/services/demo/synthetic';

const BASE_URL = (process.env.BASE_URL ?? 'http://127.0.0.1:3000').replace(/\/$/, '');
const realRuns = path.resolve(process.env.EVOSCOPE_REAL_RUNS ?? path.join(process.cwd(), '..', 'shared', 'real-runs'));
const QOS = path.join(realRuns, 'openevolve__bochen-sysnet__QOS__qaoa-frozenqubits');
const log = (m: string) => process.stderr.write(`[uploadFolder] ${m}\n`);

function measureDir(dir: string) {
  const files = (fs.readdirSync(dir, { recursive: true, withFileTypes: true }) as fs.Dirent[]).filter((d) => d.isFile());
  return { files: files.length, bytes: files.reduce((s, d) => s + fs.statSync(path.join(d.parentPath, d.name)).size, 0) };
}

const figures = (files: number, bytes: number, ms: number) => ({
  files,
  MB: Math.round((bytes / 1024 ** 2) * 10) / 10,
  seconds: Math.round(ms / 100) / 10,
  filesPerSecond: Math.round(files / (ms / 1000)),
  MBPerSecond: Math.round((bytes / 1024 ** 2 / (ms / 1000)) * 10) / 10,
});

/** Through the upload page: click Import, wait until the page starts the import. */
async function viaPage(page: Page, dir: string) {
  await page.goto(`${BASE_URL}/upload`);
  await page.getByRole('radio', { name: 'a folder' }).check();
  await page.getByTestId('upload-input').setInputFiles(dir);
  await page.getByText(/^\d+ files, /).waitFor();
  const started = page.waitForRequest((r) => r.method() === 'POST' && /\/api\/imports\/[^/]+\/start$/.test(r.url()), { timeout: 1_800_000 });
  const t = performance.now();
  await page.getByRole('button', { name: 'Import' }).click();
  await started;
  const ms = performance.now() - t;
  await page.getByTestId('import-status').waitFor({ timeout: 60_000 });
  return ms;
}

/** The client before batching, replayed in the page on the same chosen files: one PUT per file, in turn. */
async function perFileInPage(page: Page, dir: string) {
  await page.goto(`${BASE_URL}/upload`);
  await page.getByRole('radio', { name: 'a folder' }).check();
  await page.getByTestId('upload-input').setInputFiles(dir);
  return page.evaluate(async () => {
    const input = document.querySelector<HTMLInputElement>('[data-testid="upload-input"]')!;
    const files = [...input.files!];
    const t = performance.now();
    const res = await fetch('/api/imports', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ kind: 'folder', sourceName: 'bench per-file', format: 'auto' }),
    });
    const { id } = (await res.json()) as { id: string };
    for (const f of files) {
      const r = await fetch(`/api/imports/${id}/files?path=${encodeURIComponent(f.webkitRelativePath)}`, {
        method: 'PUT',
        headers: { 'content-type': 'application/octet-stream' },
        body: f,
      });
      if (!r.ok) throw new Error(`${f.webkitRelativePath}: ${r.status} ${await r.text()}`);
    }
    return performance.now() - t;
  });
}

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'evoscope-bench-upload-'));
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
});
try {
  const page = await browser.newPage();
  const gen = path.join(tmp, 'oe-20k');
  writeSyntheticOpenEvolveRun(gen, 19_600, 11);
  const qos = measureDir(QOS);
  const big = measureDir(gen);
  const rows: Record<string, unknown>[] = [];

  log(`QOS folder (${qos.files} files), one PUT per file (the client before batching)...`);
  rows.push({ bench: 'upload QOS folder, one PUT per file in turn (before)', ...figures(qos.files, qos.bytes, await perFileInPage(page, QOS)) });
  log('QOS folder through the upload page...');
  rows.push({ bench: 'upload QOS folder through the browser (batched)', ...figures(qos.files, qos.bytes, await viaPage(page, QOS)), target: '< 3 s' });
  log(`generated folder (${big.files} files) through the upload page...`);
  rows.push({ bench: `upload ${big.files.toLocaleString('en-US')}-file folder through the browser (batched)`, ...figures(big.files, big.bytes, await viaPage(page, gen)), target: '< 20 s' });
  for (const r of rows) r.loadAverage = os.loadavg().map((x) => Math.round(x * 10) / 10);
  process.stdout.write(`${JSON.stringify({ rows })}\n`);
} finally {
  await browser.close();
  fs.rmSync(tmp, { recursive: true, force: true });
}

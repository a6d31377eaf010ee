// Browser upload: every real archive in shared/real-runs, packed as .tar.gz in the test,
// imports through /upload with exact counts; the upload progress bar moves; a broken or
// hostile archive ends with an error naming what is wrong, and nothing is stored.
import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import * as tar from 'tar';
import { writeShinkaRunWithOmegaConf } from '../lib/importers/testOmegaConf';
import { awaitImport } from './helpers';

const realRuns = path.resolve(process.env.EVOSCOPE_REAL_RUNS ?? path.join(import.meta.dirname, '..', '..', 'shared', 'real-runs'));

// Runs and programs per real archive (each established in its importer's unit test).
const EXPECTED: Record<string, { runs: number; programs: number }> = {
  'openevolve__bochen-sysnet__QOS__qaoa-frozenqubits': { runs: 1, programs: 204 },
  'shinka__UT-AiInfra__cuco__ds-v3-moe': { runs: 1, programs: 18 },
  'funsearch__lumi-a__funsearch__json-data': { runs: 33, programs: 2331 },
  'llamea-blade__RigelKukoy__WORKING-GA-LLAMEA__comparison-prompts': { runs: 9, programs: 450 },
  'eoh__langkhachhoha__LLM4MO__moeoh-pops': { runs: 1, programs: 18 },
};

async function packTarGz(dir: string, out: string) {
  await tar.c({ gzip: true, file: out, cwd: dir, portable: true }, fs.readdirSync(dir));
  return out;
}

/** Records every value the upload progress bar shows. */
async function watchProgress(page: Page) {
  await page.evaluate(() => {
    const w = window as unknown as { __progress: number[] };
    w.__progress = [];
    new MutationObserver(() => {
      const bar = document.querySelector('[data-testid="upload-progress"] [role="progressbar"]');
      const v = Number(bar?.getAttribute('data-value'));
      if (bar && w.__progress.at(-1) !== v) w.__progress.push(v);
    }).observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-value'] });
  });
}

async function upload(page: Page, file: string) {
  await page.goto('/upload');
  await page.getByTestId('upload-input').setInputFiles(file);
  await page.getByRole('button', { name: 'Import' }).click();
  return awaitImport(page);
}

test.describe('upload', () => {
  test.setTimeout(180_000);

  test('every real archive imports through the browser with exact counts', async ({ page }, info) => {
    expect(fs.existsSync(realRuns), `real runs at ${realRuns}`).toBe(true);
    for (const [folder, want] of Object.entries(EXPECTED)) {
      const archive = await packTarGz(path.join(realRuns, folder), info.outputPath(`${folder}.tar.gz`));
      const status = await upload(page, archive);
      await expect(status, folder).toHaveAttribute('data-status', 'succeeded');
      const runs = status.getByRole('listitem');
      await expect(runs).toHaveCount(want.runs);
      const programs = (await runs.allTextContents()).reduce((s, t) => s + Number(/\((\d+) programs\)/.exec(t)?.[1] ?? NaN), 0);
      expect(programs, folder).toBe(want.programs);
    }
  });

  test('the upload progress bar moves, then the new run is linked', async ({ page, context }, info) => {
    const archive = await packTarGz(
      path.join(realRuns, 'openevolve__bochen-sysnet__QOS__qaoa-frozenqubits'),
      info.outputPath('qos.tar.gz'),
    );
    const size = fs.statSync(archive).size;
    await page.goto('/upload');
    // Throttle the upload (about 2 s for this archive) so progress events are observable.
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: size / 2 });
    await watchProgress(page);
    await page.getByTestId('upload-input').setInputFiles(archive);
    await page.getByRole('button', { name: 'Import' }).click();
    const status = await awaitImport(page);
    await expect(status).toHaveAttribute('data-status', 'succeeded');
    const seen = await page.evaluate(() => (window as unknown as { __progress: number[] }).__progress);
    expect(seen.length, `progress values ${seen.join(', ')}`).toBeGreaterThanOrEqual(3);
    expect([...seen].sort((a, b) => a - b)).toEqual(seen); // only forward
    expect(seen.at(-1)).toBe(size);
    await status.getByRole('link').first().click();
    await expect(page.getByTestId('stat-programs').locator('dd')).toHaveText('204');
  });

  test('a truncated archive fails with a clear error and stores nothing', async ({ page, request }, info) => {
    const whole = await packTarGz(path.join(realRuns, 'shinka__UT-AiInfra__cuco__ds-v3-moe'), info.outputPath('whole.tar.gz'));
    const cut = info.outputPath('cut.tar.gz');
    const bytes = fs.readFileSync(whole);
    fs.writeFileSync(cut, bytes.subarray(0, Math.floor(bytes.length * 0.6)));
    const before = (await (await request.get('/api/runs?limit=500')).json()).runs.length;
    const status = await upload(page, cut);
    await expect(status).toHaveAttribute('data-status', 'failed');
    await expect(page.getByTestId('import-error')).toContainText('cut.tar.gz');
    await expect(page.getByTestId('import-error')).toContainText(/truncated|unexpected end/i);
    await expect(page.getByTestId('import-error')).toContainText('Nothing of it was stored');
    const after = (await (await request.get('/api/runs?limit=500')).json()).runs.length;
    expect(after).toBe(before);
  });

  test('an archive whose entries climb out of it is refused', async ({ page }, info) => {
    // A tar entry named ../../evil.txt, written by hand (tar tools refuse to make one).
    const h = Buffer.alloc(512);
    h.write('../../evil.txt', 0);
    h.write('0000644\0', 100);
    h.write('0000000\0', 108);
    h.write('0000000\0', 116);
    h.write('00000000002\0', 124);
    h.write('00000000000\0', 136);
    h.write('        ', 148);
    h.write('0', 156);
    h.write('ustar\0' + '00', 257);
    let sum = 0;
    for (const b of h) sum += b;
    h.write(sum.toString(8).padStart(6, '0') + '\0 ', 148);
    const evil = info.outputPath('evil.tar');
    fs.writeFileSync(evil, Buffer.concat([h, Buffer.from('x\n'.padEnd(512, '\0')), Buffer.alloc(1024)]));
    const status = await upload(page, evil);
    await expect(status).toHaveAttribute('data-status', 'failed');
    await expect(page.getByTestId('import-error')).toContainText('evil.txt');
    await expect(page.getByTestId('import-error')).toContainText(/outside/);
  });

  test('a junk file named .zip is refused at once, by its first bytes, with no internal path', async ({ page }, info) => {
    const junk = info.outputPath('junk.zip');
    fs.writeFileSync(junk, 'hello, this is not a zip archive\n');
    const status = await upload(page, junk);
    // Upload, queue and polling included (it took 12 s before the format was sniffed).
    await expect(status).toHaveAttribute('data-status', 'failed', { timeout: 5000 });
    const error = page.getByTestId('import-error');
    await expect(error).toContainText('junk.zip is not a zip archive (it starts with "hello, this is n")');
    await expect(error).not.toContainText('/');
    await expect(error).not.toContainText(/E[A-Z]{3,}:/); // no errno codes (ENOTDIR: ...)
  });

  test('a ShinkaEvolve run whose OmegaConf config has 84 YAML aliases imports with its config', async ({ page }, info) => {
    const dir = info.outputPath('omegaconf-run');
    writeShinkaRunWithOmegaConf(path.join(dir, 'results_omegaconf'));
    const archive = await packTarGz(dir, info.outputPath('omegaconf.tar.gz'));
    const status = await upload(page, archive);
    await expect(status).toHaveAttribute('data-status', 'succeeded');
    await expect(status.getByRole('listitem')).toHaveCount(1);
    await expect(status.getByRole('listitem')).toContainText('(2 programs)');
    await status.getByRole('link').first().click();
    await expect(page.getByTestId('stat-programs').locator('dd')).toHaveText('2');
    await expect(page.getByText('Excessive alias count')).toHaveCount(0);
    await expect(page.getByText(/config not read/)).toHaveCount(0);
  });
});

// The run page's evaluator panel: a run without one says so; uploading a folder (with a private
// test set) stores version 1 and shows it; a second upload becomes the current version with the
// first listed as older; a folder without an evaluator is refused with the reason.
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { createLiveRun, postPrograms } from './ingest';

const fixtures = path.resolve(import.meta.dirname, '..', 'tests', 'fixtures', 'evaluators');

test('upload an evaluator folder on the run page and see its versions', async ({ page, request }) => {
  const { runId } = await createLiveRun(request, `evaluator-panel-${Date.now()}`);
  await postPrograms(request, runId, [{ id: 'p0', code: 'def solve():\n    return [1, 2, 3]\n', metrics: { score: 1 } }]);
  await page.goto(`/runs/${runId}`);
  const panel = page.getByTestId('evaluator-panel');
  await expect(panel.getByTestId('evaluator-none')).toBeVisible();
  const chain = page.getByTestId('chain-rerun');
  await expect(chain).toContainText('no evaluator attached');

  await panel.getByText('Upload a new evaluator version').click();
  await panel.getByTestId('evaluator-folder').setInputFiles(path.join(fixtures, 'openevolve-sum'));
  await panel.getByTestId('evaluator-private-folder').setInputFiles(path.join(fixtures, 'openevolve-sum-private'));
  await expect(panel.getByText('2 files; private set: 1 file')).toBeVisible();
  await panel.getByRole('button', { name: 'Attach' }).click();
  await expect(panel.getByRole('status')).toHaveText('Stored as version 1.');
  await expect(panel.getByTestId('evaluator-version')).toHaveText('v1');
  await expect(panel.getByTestId('evaluator-contract')).toHaveText('OpenEvolve evaluator.py');
  await expect(panel.getByTestId('evaluator-entry')).toHaveText('evaluator.py');
  await expect(panel.getByTestId('evaluator-private')).toHaveText('yes, 1 file');
  await expect(panel.getByTestId('evaluator-origin')).toHaveText('upload');
  // The chain re-run above knows of it without a reload, with its private set offered.
  await expect(chain).toContainText('evaluator version 1');
  await expect(chain.getByLabel('also on the private test set')).toBeVisible();
  const files = panel.getByRole('list', { name: 'Evaluator files' });
  await expect(files.getByRole('listitem')).toHaveText([/^data\/weights\.txt \(6 B\)/, /^evaluator\.py /]);

  // A command evaluator as version 2; version 1 moves to "older versions". Survives a reload.
  await expect(panel.getByText('No folder chosen yet.')).toBeVisible();
  await panel.getByTestId('evaluator-folder').setInputFiles(path.join(fixtures, 'openevolve-sum'));
  await panel.getByLabel('Command (optional)').fill('python3 score.py {program}');
  await panel.getByRole('button', { name: 'Attach' }).click();
  await expect(panel.getByRole('status')).toHaveText('Stored as version 2.');
  await page.reload();
  await expect(panel.getByTestId('evaluator-version')).toHaveText('v2');
  await expect(panel.getByTestId('evaluator-entry')).toHaveText('python3 score.py {program}');
  await expect(panel.getByTestId('evaluator-private')).toHaveText('none');
  await panel.getByText('Older versions (1)').click();
  await expect(panel.getByRole('list', { name: 'Older evaluator versions' }).getByRole('listitem')).toHaveText([/^v1: OpenEvolve evaluator\.py, 2 files, private set, upload/]);

  // A folder that holds no evaluator and no command: refused, naming why; nothing stored.
  await panel.getByText('Upload a new evaluator version').click();
  await panel.getByTestId('evaluator-folder').setInputFiles(path.join(fixtures, 'openevolve-sum-private'));
  await panel.getByRole('button', { name: 'Attach' }).click();
  await expect(panel.getByRole('alert')).toContainText('no evaluator.py (OpenEvolve) or evaluate.py (ShinkaEvolve)');
  const list = await (await request.get(`/api/runs/${runId}/evaluators`)).json();
  expect(list.evaluators.map((e: { version: number }) => e.version)).toEqual([2, 1]);
});

import { describe, expect, it } from 'vitest';
import { relabelSourcePath, uploadLabel } from './sourceLabel';

describe('relabelSourcePath', () => {
  const root = '/srv/.evoscope/uploads/0b7c/archive-x/my-run';
  const archive = uploadLabel('archive', 'my-run.zip');
  it('names the uploaded archive instead of the temporary folder', () => {
    expect(relabelSourcePath(root, root, archive)).toBe('upload: my-run.zip');
    expect(relabelSourcePath(`${root}/results/run_1`, root, archive)).toBe('upload: my-run.zip/results/run_1');
    expect(relabelSourcePath(`${root}/results/`, `${root}/`, archive)).toBe('upload: my-run.zip/results');
  });
  it('names the uploaded folder, whose name its files carry as their first segment', () => {
    const files = '/srv/.evoscope/uploads/0b7c/files';
    const folder = uploadLabel('folder', 'my-run');
    expect(relabelSourcePath(`${files}/my-run`, files, folder)).toBe('upload: my-run');
    expect(relabelSourcePath(`${files}/my-run/results`, files, folder)).toBe('upload: my-run/results');
    expect(relabelSourcePath(files, files, folder)).toBe('upload: my-run');
  });
  it('keeps a path outside the root, and labels a missing one', () => {
    expect(relabelSourcePath('/elsewhere/run', root, archive)).toBe('/elsewhere/run');
    expect(relabelSourcePath('/srv/.evoscope/uploads/0b7c/archive-x/my-run-2', root, archive)).toBe('/srv/.evoscope/uploads/0b7c/archive-x/my-run-2');
    expect(relabelSourcePath(null, root, archive)).toBe('upload: my-run.zip');
  });
});

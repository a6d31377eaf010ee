// The set-up of `npm start` / `npm test` installs the sandbox's Debian packages when missing
// (cli/systemPackages.ts) and costs nothing when they are there.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ensureDebianPackages, SANDBOX_PACKAGES } from '../../cli/systemPackages';

describe('sandbox packages set-up', () => {
  it('checks each package by a file that package installs', () => {
    for (const p of SANDBOX_PACKAGES) {
      const owner = spawnSync('dpkg', ['-S', p.file], { encoding: 'utf8' });
      expect(owner.stdout.split(':')[0]).toBe(p.name);
    }
  });

  it('does nothing when they are installed', () => {
    const calls: string[][] = [];
    const logs: string[] = [];
    expect(ensureDebianPackages(SANDBOX_PACKAGES, (l) => logs.push(l), (a) => (calls.push(a), 0))).toEqual([]);
    expect(calls).toEqual([]);
    expect(logs).toEqual([]);
  });

  it('installs only the missing ones with apt-get, and reports what is still missing', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'evoscope-pkgs-'));
    const later = path.join(dir, 'installed-by-apt');
    const pkgs = [SANDBOX_PACKAGES[0], { name: 'pkg-a', file: later }, { name: 'pkg-b', file: path.join(dir, 'never') }];
    const calls: string[][] = [];
    const still = ensureDebianPackages(pkgs, () => {}, (a) => {
      calls.push(a);
      if (a[0] === 'install') fs.writeFileSync(later, ''); // apt-get installed pkg-a, not pkg-b
      return a[0] === 'install' ? 100 : 0;
    });
    expect(calls).toEqual([['update', '-qq'], ['install', '-y', '-qq', '--no-install-recommends', 'pkg-a', 'pkg-b']]);
    expect(still).toEqual(['pkg-b']);
    fs.rmSync(dir, { recursive: true, force: true });
  });
});

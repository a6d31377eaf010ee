import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTempDir } from './testArchives';
import { walkFiles, type SkipReason } from './walk';

let tmp: string;
let outside: string;
beforeAll(() => {
  tmp = makeTempDir();
  outside = makeTempDir();
  fs.writeFileSync(path.join(outside, 'secret.txt'), 'do not read');
  const put = (rel: string, data = '') => {
    fs.mkdirSync(path.dirname(path.join(tmp, rel)), { recursive: true });
    fs.writeFileSync(path.join(tmp, rel), data);
  };
  // Created out of order: the walk must sort.
  put('b.txt', 'bb');
  put('a/z.json', '{}');
  put('a/b/deep.txt', 'deep');
  put('A.txt', 'upper');
  put('a.txt', 'a');
  fs.mkdirSync(path.join(tmp, 'empty'));
  fs.symlinkSync(outside, path.join(tmp, 'a', 'link-to-outside'));
  fs.symlinkSync(path.join(outside, 'secret.txt'), path.join(tmp, 'secret-link.txt'));
});
afterAll(() => {
  fs.rmSync(tmp, { recursive: true, force: true });
  fs.rmSync(outside, { recursive: true, force: true });
});

describe('walkFiles', () => {
  it('yields regular files depth first, sorted by name, with sizes', async () => {
    const got = [];
    for await (const f of walkFiles(tmp)) got.push(f);
    expect(got.map((f) => f.rel)).toEqual(['A.txt', 'a/b/deep.txt', 'a/z.json', 'a.txt', 'b.txt']);
    expect(got.map((f) => f.size)).toEqual([5, 4, 2, 1, 2]);
    expect(got[1].abs).toBe(path.join(tmp, 'a', 'b', 'deep.txt'));
  });

  it('never follows symbolic links, and says so', async () => {
    const skipped: { rel: string; reason: SkipReason }[] = [];
    const rels: string[] = [];
    for await (const f of walkFiles(tmp, { onSkip: ({ rel, reason }) => skipped.push({ rel, reason }) })) rels.push(f.rel);
    expect(rels.some((r) => r.includes('secret'))).toBe(false);
    expect(skipped).toEqual([
      { rel: 'a/link-to-outside', reason: 'symlink' },
      { rel: 'secret-link.txt', reason: 'symlink' },
    ]);
  });

  it('walks a deep tree without recursion limits', async () => {
    const root = makeTempDir();
    let dir = root;
    for (let i = 0; i < 200; i++) dir = path.join(dir, 'd');
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, 'leaf.txt'), 'leaf');
    const got = [];
    for await (const f of walkFiles(root)) got.push(f.rel);
    expect(got).toEqual([`${'d/'.repeat(200)}leaf.txt`]);
    fs.rmSync(root, { recursive: true, force: true });
  });
});

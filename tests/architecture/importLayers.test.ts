// The house's layers (tests/architecture/layers.ts, ../shared/STYLE.md): walks every source file's
// imports, so files added later are covered without editing this test. Fails when a file imports a
// layer above its own (or one its layer does not list), when two files import each other through
// any chain, or when lib's folders import each other in a circle. Prints what broke, file by file.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { fileCycles, folderCycles, importEdges, sourceFiles, unlayeredLibFolders, upwardImports } from './importGraph';
import { LAYERS, layerOf } from './layers';

const edges = importEdges();

describe('import layers', () => {
  it('reads the real source: hundreds of files and imports, into every layer', () => {
    expect(sourceFiles().length).toBeGreaterThan(500);
    expect(edges.length).toBeGreaterThan(2000);
    for (const layer of LAYERS.filter((l) => l.name !== 'tooling')) {
      expect(edges.some((e) => layerOf(e.to)?.name === layer.name || layerOf(e.from)?.name === layer.name), layer.name).toBe(true);
    }
  });

  it('every folder of lib belongs to a layer', () => {
    expect(unlayeredLibFolders()).toEqual([]);
  });

  it('no file imports a layer above its own', () => {
    const up = upwardImports(edges).map((v) => `${v.from} (${v.fromLayer}) -> ${v.to} (${v.toLayer})`);
    expect(up).toEqual([]);
  });

  it('no circle among files', () => {
    expect(fileCycles(edges)).toEqual([]);
  });

  it("no circle among lib's folders", () => {
    expect(folderCycles(edges)).toEqual([]);
  });

  it('each lib layer folder has a README saying what belongs there', () => {
    const missing = LAYERS.flatMap((l) => l.folders).filter((f) => f.startsWith('lib/') && !fs.existsSync(path.join('lib', f.slice(4), 'README.md')));
    expect(missing).toEqual([]);
  });
});

// The checker itself must catch what it is meant to catch: a scratch tree with one upward import,
// one circle of files and one circle of folders.
describe('the checker', () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'layers-'));
  afterAll(() => fs.rmSync(root, { recursive: true, force: true }));
  const write = (file: string, text: string) => {
    fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    fs.writeFileSync(path.join(root, file), text);
  };
  write('lib/trace/schema.ts', "import { q } from '../db/queries';\nexport const s = q;\n");
  write('lib/db/queries.ts', "// import { nothing } from '../services/x' (a comment, not an import)\nexport const q = 1;\n");
  write('lib/analysis/a.ts', "import { b } from './b';\nexport const a = b;\n");
  write('lib/analysis/b.ts', "import type { a } from './a';\nexport const b = 2 as unknown as typeof a;\n");
  write('lib/importers/x.ts', "import { y } from '@/lib/demo/y';\nexport const x = y;\n");
  write('lib/demo/y.ts', "export { x as y } from '../importers/x';\n");
  write('lib/analysis/a.test.ts', "import { q } from '../db/queries';\nexport const t = q;\n");
  const scratch = importEdges(root);

  it('finds the upward import, and not the one inside a comment or in a test', () => {
    expect(upwardImports(scratch).map((v) => `${v.from} -> ${v.to}`)).toEqual(['lib/trace/schema.ts -> lib/db/queries.ts']);
  });

  it('finds the type-only circle of files and the circle of folders', () => {
    expect(fileCycles(scratch)).toEqual([['lib/analysis/a.ts', 'lib/analysis/b.ts'], ['lib/demo/y.ts', 'lib/importers/x.ts']]);
    expect(folderCycles(scratch)).toEqual([['lib/demo', 'lib/importers']]);
  });
});

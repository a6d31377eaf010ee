// The source files' own imports, read as plain text (no compiler): every `import`/`export ... from`,
// dynamic `import()`, `vi.mock()` and `require()` whose specifier is relative or `@/`, resolved
// to a file the way tsconfig's paths and Node resolve them. Used by importLayers.test.ts and by
// `npx tsx tests/architecture/importGraph.ts` (prints the violations, for a reader moving code).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { LAYERS, layerOf, type Layer } from './layers';

const SKIP_DIRS = new Set(['node_modules', '.next', '.evoscope', 'generated', 'test-results', '.git', 'playwright-report', 'fixtures']);
const SOURCE = /\.(ts|tsx|mjs|cjs)$/;
const SPECIFIER = /(?:(?:import|export)\s+(?:type\s+)?(?:[^'";]*?\s+from\s+)?|import\(\s*|vi\.mock\(\s*|require\(\s*)(['"])([^'"]+)\1/g;
const EXTENSIONS = ['', '.ts', '.tsx', '.mjs', '.cjs', '/index.ts', '/index.tsx'];

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export interface Edge { from: string; to: string }

export function sourceFiles(root = ROOT): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
      if (SKIP_DIRS.has(e.name)) continue;
      const p = path.join(dir, e.name);
      if (e.isDirectory()) walk(p);
      else if (SOURCE.test(e.name) && !e.name.endsWith('.d.ts')) out.push(path.relative(root, p).split(path.sep).join('/'));
    }
  };
  walk(root);
  return out.sort();
}

/** Comments are blanked first so an example import inside a comment is not read as one. */
function stripComments(src: string): string {
  return src.replace(/\/\*[\s\S]*?\*\//g, ' ').replace(/(^|[^:'"`\\])\/\/.*$/gm, '$1');
}

export function importEdges(root = ROOT): Edge[] {
  const files = sourceFiles(root);
  const known = new Set(files);
  const resolve = (from: string, spec: string): string | null => {
    let base: string;
    if (spec.startsWith('@/')) base = spec.slice(2);
    else if (spec.startsWith('./') || spec.startsWith('../')) base = path.posix.join(path.posix.dirname(from), spec);
    else return null;
    for (const ext of EXTENSIONS) if (known.has(base + ext)) return base + ext;
    return null;
  };
  const edges: Edge[] = [];
  for (const from of files) {
    const src = stripComments(fs.readFileSync(path.join(root, from), 'utf8'));
    for (const m of src.matchAll(SPECIFIER)) {
      const to = resolve(from, m[2]);
      if (to && to !== from) edges.push({ from, to });
    }
  }
  return edges;
}

/** Tests and benchmarks are leaves (nothing imports them), so they may use fixtures from any layer. */
export const isLeaf = (file: string) => /\.(test|bench|spec)\.tsx?$/.test(file);

export interface Violation { from: string; to: string; fromLayer: string; toLayer: string }

/** An import into a layer the importing file's layer does not list under `mayImport`. */
export function upwardImports(edges: Edge[]): Violation[] {
  const out: Violation[] = [];
  for (const { from, to } of edges) {
    if (isLeaf(from)) continue;
    const a = layerOf(from);
    const b = layerOf(to);
    if (!a || !b || a === b) continue;
    if (!a.mayImport.includes(b.name)) out.push({ from, to, fromLayer: a.name, toLayer: b.name });
  }
  return out;
}

/** Strongly connected components with more than one member (Tarjan), each sorted. */
export function cycles(nodes: Iterable<string>, edges: Array<[string, string]>): string[][] {
  const next = new Map<string, string[]>();
  for (const n of nodes) next.set(n, []);
  for (const [a, b] of edges) if (a !== b) next.get(a)?.push(b);
  let index = 0;
  const idx = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const out: string[][] = [];
  const visit = (v: string) => {
    idx.set(v, index); low.set(v, index); index++;
    stack.push(v); onStack.add(v);
    for (const w of next.get(v) ?? []) {
      if (!idx.has(w)) { visit(w); low.set(v, Math.min(low.get(v)!, low.get(w)!)); }
      else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, idx.get(w)!));
    }
    if (low.get(v) === idx.get(v)) {
      const scc: string[] = [];
      let w: string;
      do { w = stack.pop()!; onStack.delete(w); scc.push(w); } while (w !== v);
      if (scc.length > 1) out.push(scc.sort());
    }
  };
  for (const n of next.keys()) if (!idx.has(n)) visit(n);
  return out;
}

/** The folder a file belongs to for the folder graph: `lib/<folder>`, or the top-level folder. */
export function folderOf(file: string): string {
  const parts = file.split('/');
  return parts[0] === 'lib' && parts.length > 2 ? `lib/${parts[1]}` : parts[0];
}

export function fileCycles(edges: Edge[]): string[][] {
  return cycles(new Set(edges.flatMap((e) => [e.from, e.to])), edges.map((e) => [e.from, e.to]));
}

/** Folder-level circles among lib's folders, counting only code (tests are leaves). */
export function folderCycles(edges: Edge[]): string[][] {
  const pairs = edges.filter((e) => !isLeaf(e.from) && e.from.startsWith('lib/') && e.to.startsWith('lib/'))
    .map((e) => [folderOf(e.from), folderOf(e.to)] as [string, string]);
  return cycles(new Set(pairs.flat()), pairs);
}

export function unlayeredLibFolders(root = ROOT): string[] {
  return fs.readdirSync(path.join(root, 'lib'), { withFileTypes: true })
    .filter((e) => e.isDirectory() || SOURCE.test(e.name))
    .map((e) => `lib/${e.name}`)
    .filter((p) => !LAYERS.some((l: Layer) => l.folders.some((f) => p === f || p.startsWith(`${f}/`))));
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const edges = importEdges();
  const up = upwardImports(edges);
  const byPair = new Map<string, string[]>();
  for (const v of up) {
    const k = `${v.fromLayer} -> ${v.toLayer}`;
    byPair.set(k, [...(byPair.get(k) ?? []), `${v.from} -> ${v.to}`]);
  }
  for (const [k, list] of byPair) console.log(`\n## ${k} (${list.length})\n${list.join('\n')}`);
  console.log('\nupward imports:', up.length);
  console.log('folder cycles:', JSON.stringify(folderCycles(edges)));
  console.log('file cycles:', JSON.stringify(fileCycles(edges)));
  console.log('lib folders not in a layer:', unlayeredLibFolders().join(' '));
}

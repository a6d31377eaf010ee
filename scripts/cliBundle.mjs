// The CLI built ahead of time: cli/main.ts and everything it imports from the project,
// bundled by esbuild into .evoscope/cli/ (npm packages stay external and resolve from
// node_modules, so the Prisma runtime, tree-sitter's and sql.js's wasm files load as they do
// under tsx). Rebuilt when any bundled source is newer than the bundle: the inputs esbuild
// reported are listed in current.json, so the check is a few dozen stat calls (~2 ms).
//
// Files are named by content hash and written through a temporary name, and current.json is
// replaced last, atomically: a CLI already running keeps finding its chunks while another
// process rebuilds, and two concurrent builds write the same files.
// Plain JavaScript with no static dependency: bootstrap.mjs and bin/evoscope.mjs import it
// before anything is known to be installed; esbuild is loaded only to build.
import fs from 'node:fs';
import path from 'node:path';

/** Where the bundle lives: git-ignored, under the project root (so node_modules resolves). */
export function cliBundleDir(root) {
  return process.env.EVOSCOPE_CLI_DIR ? path.resolve(process.env.EVOSCOPE_CLI_DIR) : path.join(root, '.evoscope', 'cli');
}

function readCurrent(dir) {
  try {
    return JSON.parse(fs.readFileSync(path.join(dir, 'current.json'), 'utf8'));
  } catch {
    return null;
  }
}

/** The bundle's entry file when it exists and no bundled source changed since; else null. */
export function freshCliEntry(root, dir = cliBundleDir(root)) {
  const current = readCurrent(dir);
  if (!current || typeof current.entry !== 'string' || !Array.isArray(current.inputs)) return null;
  const entry = path.join(dir, current.entry);
  if (typeof current.builtAt !== 'number' || !fs.existsSync(entry)) return null;
  for (const input of current.inputs) {
    const m = fs.statSync(path.join(root, input), { throwIfNoEntry: false })?.mtimeMs;
    if (m === undefined || m > current.builtAt) return null;
  }
  return entry;
}

/** Bundles cli/main.ts into `dir`; returns the entry file. */
export async function buildCliBundle(root, dir = cliBundleDir(root)) {
  const esbuild = await import('esbuild');
  const builtAt = Date.now(); // before reading: a source saved during the build makes it stale
  const result = await esbuild.build({
    absWorkingDir: root,
    entryPoints: { cli: 'cli/main.ts' },
    bundle: true,
    splitting: true, // commands load their modules on demand: `--help` loads almost nothing
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    outdir: dir,
    entryNames: '[name]-[hash]',
    chunkNames: 'chunk-[hash]',
    outExtension: { '.js': '.mjs' },
    metafile: true,
    write: false,
    logLevel: 'warning',
  });
  fs.mkdirSync(dir, { recursive: true });
  let entry = null;
  const written = new Set(['current.json']);
  for (const file of result.outputFiles) {
    written.add(path.basename(file.path));
    if (path.basename(file.path).startsWith('cli-')) entry = path.basename(file.path);
    if (fs.existsSync(file.path)) continue; // named by content: already there means identical
    const tmp = `${file.path}.${process.pid}.tmp`;
    fs.writeFileSync(tmp, file.contents);
    fs.renameSync(tmp, file.path);
  }
  // The inputs, and this file (its build options), decide staleness.
  const inputs = [...Object.keys(result.metafile.inputs), path.relative(root, new URL(import.meta.url).pathname)];
  const tmp = path.join(dir, `current.json.${process.pid}.tmp`);
  fs.writeFileSync(tmp, JSON.stringify({ entry, builtAt, inputs }));
  fs.renameSync(tmp, path.join(dir, 'current.json'));
  removeOldBuilds(dir, written);
  return path.join(dir, entry);
}

/** Files of earlier builds, once no CLI started from them can still be loading its chunks. */
function removeOldBuilds(dir, keep) {
  const old = Date.now() - 10 * 60_000;
  for (const name of fs.readdirSync(dir)) {
    if (keep.has(name)) continue;
    const file = path.join(dir, name);
    if ((fs.statSync(file, { throwIfNoEntry: false })?.mtimeMs ?? Infinity) < old) fs.rmSync(file, { force: true });
  }
}

/** The fresh bundle's entry, built first when missing or stale. */
export async function ensureCliBundle(root, log = () => {}) {
  const fresh = freshCliEntry(root);
  if (fresh) return fresh;
  log('building the CLI (esbuild)...');
  return buildCliBundle(root);
}

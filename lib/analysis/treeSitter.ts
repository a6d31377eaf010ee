// Tree-sitter parsers for the static analyses, loaded once per process from the local files of
// @vscode/tree-sitter-wasm (web-tree-sitter runtime + prebuilt grammars): no network, no native
// build. The runtime is a UMD/CommonJS file, so it is loaded with require: under Node's ESM
// loader a static import only exposes `default`, which the package's types do not describe.
import path from 'node:path';
import type * as TreeSitter from '@vscode/tree-sitter-wasm';

export type { Language, Parser, Tree, TreeCursor } from '@vscode/tree-sitter-wasm';

/** Languages with a real parser. C, CUDA and the headers all go through the C++ grammar. */
export type ParsedLanguage = 'python' | 'cpp';

const GRAMMAR_FILES: Record<ParsedLanguage, string> = {
  python: 'tree-sitter-python.wasm',
  cpp: 'tree-sitter-cpp.wasm',
};

interface Loaded {
  parsers: Record<ParsedLanguage, TreeSitter.Parser>;
}

let loaded: Loaded | null = null;
let loading: Promise<void> | null = null;

// Node's own require, fetched at run time: in `next build` (Turbopack) a literal
// `createRequire(import.meta.url).resolve('@vscode/tree-sitter-wasm')` became a module id (a
// number, not a path) and a computed name "Cannot find module as expression is too dynamic",
// so the knobs route failed. process.getBuiltinModule is not rewritten by bundlers.
function nodeRequire(): NodeJS.Require {
  const mod = process.getBuiltinModule('node:module') as typeof import('node:module');
  return mod.createRequire(import.meta.url);
}
const PACKAGE = '@vscode/tree-sitter-wasm';

/** Folder holding tree-sitter.js, tree-sitter.wasm and the grammars. */
function wasmDir(): string {
  return path.dirname(nodeRequire().resolve(PACKAGE));
}

/**
 * Load the tree-sitter runtime and the Python and C++ grammars. Idempotent: concurrent and later
 * calls share one load; a failed load is forgotten so that a later call can retry.
 */
export function initParsers(): Promise<void> {
  if (loaded) return Promise.resolve();
  loading ??= load().catch((err: unknown) => {
    loading = null;
    throw err;
  });
  return loading;
}

async function load(): Promise<void> {
  const dir = wasmDir();
  const ts = nodeRequire()(PACKAGE) as typeof TreeSitter;
  await ts.Parser.init({ locateFile: (file: string) => path.join(dir, file) });
  const entries = await Promise.all(
    (Object.keys(GRAMMAR_FILES) as ParsedLanguage[]).map(async (lang) => {
      const language = await ts.Language.load(path.join(dir, GRAMMAR_FILES[lang]));
      const parser = new ts.Parser();
      parser.setLanguage(language);
      return [lang, parser] as const;
    }),
  );
  loaded = { parsers: Object.fromEntries(entries) as Record<ParsedLanguage, TreeSitter.Parser> };
}

/** True once initParsers() has finished. */
export function parsersReady(): boolean {
  return loaded !== null;
}

/**
 * The process's parser for a language. Parsers are reused (one per language): parsing is
 * synchronous, so no two parses can interleave. Throws if initParsers() has not finished.
 */
export function parserFor(lang: ParsedLanguage): TreeSitter.Parser {
  if (!loaded) throw new Error('tree-sitter parsers are not loaded: await initParsers() first');
  return loaded.parsers[lang];
}

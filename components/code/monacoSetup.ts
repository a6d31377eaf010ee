// Monaco, fully offline: the editor and its workers come from our own bundle, never a CDN
// (@monaco-editor/react would otherwise fetch monaco from jsdelivr). Import only from modules
// that are loaded with dynamic(..., { ssr: false }): monaco touches `window` at import time.
import * as monaco from 'monaco-editor';
import { loader } from '@monaco-editor/react';

// Each `new URL(literal, import.meta.url)` must stay a literal: the bundler resolves and emits
// the worker at build time (a conditional inside `new URL` fails to resolve).
self.MonacoEnvironment = {
  getWorker: (_workerId: string, label: string) =>
    label === 'typescript' || label === 'javascript'
      ? new Worker(new URL('monaco-editor/language/typescript/ts.worker.js', import.meta.url))
      : new Worker(new URL('monaco-editor/editor/editor.worker.js', import.meta.url)),
};
loader.config({ monaco });

export const READ_ONLY_OPTIONS = {
  readOnly: true,
  domReadOnly: true,
  minimap: { enabled: false },
  scrollBeyondLastLine: false,
  automaticLayout: true,
  fontSize: 13,
  renderLineHighlight: 'none',
  wordWrap: 'off',
} as const;

'use client';
// Read-only Monaco editor. Loaded only in the browser (see CodeViewer).
import Editor from '@monaco-editor/react';
import { READ_ONLY_OPTIONS } from './monacoSetup';

export default function MonacoCode({ code, language, height, onReady }: { code: string; language: string; height: number; onReady: () => void }) {
  return (
    <Editor
      height={height}
      value={code}
      language={language}
      theme="vs"
      options={READ_ONLY_OPTIONS}
      onMount={() => onReady()}
      loading={<span className="muted">Loading editor…</span>}
    />
  );
}

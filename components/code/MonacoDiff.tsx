'use client';
// Read-only Monaco diff editor. Loaded only in the browser (see DiffViewer).
import { DiffEditor } from '@monaco-editor/react';
import { READ_ONLY_OPTIONS } from './monacoSetup';

export default function MonacoDiff({
  original,
  modified,
  language,
  height,
  onReady,
}: {
  original: string;
  modified: string;
  language: string;
  height: number;
  onReady: () => void;
}) {
  return (
    <DiffEditor
      height={height}
      original={original}
      modified={modified}
      language={language}
      theme="vs"
      options={{ ...READ_ONLY_OPTIONS, originalEditable: false, renderSideBySide: true, ignoreTrimWhitespace: false }}
      onMount={() => onReady()}
      loading={<span className="muted">Loading diff editor…</span>}
    />
  );
}

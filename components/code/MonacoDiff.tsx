'use client';
// Read-only Monaco diff editor. Loaded only in the browser (see DiffViewer).
import { DiffEditor, type Monaco, type MonacoDiffEditor } from '@monaco-editor/react';
import { useEffect, useRef } from 'react';
import type { editor } from 'monaco-editor';
import type { LineDecoration } from './DiffViewer';
import { READ_ONLY_OPTIONS } from './monacoSetup';

export default function MonacoDiff({
  original,
  modified,
  language,
  height,
  onReady,
  decorations,
  onDecorated,
  reveal,
}: {
  original: string;
  modified: string;
  language: string;
  height: number;
  onReady: () => void;
  /** Whole-line marks in the modified (right) editor, kept in sync when they change. */
  decorations?: readonly LineDecoration[];
  onDecorated?: (count: number) => void;
  /** Scrolls the modified editor to this line (a new object each time it should move). */
  reveal?: { line: number } | null;
}) {
  const mounted = useRef<{ editor: MonacoDiffEditor; monaco: Monaco; marks: editor.IEditorDecorationsCollection } | null>(null);

  const apply = () => {
    const m = mounted.current;
    if (!m) return;
    const list = decorations ?? [];
    m.marks.set(
      list.map((d) => ({
        range: new m.monaco.Range(d.line, 1, d.line, 1),
        options: { isWholeLine: true, className: d.className, linesDecorationsClassName: d.gutterClassName, hoverMessage: { value: d.hover } },
      })),
    );
    onDecorated?.(list.length);
  };
  // Monaco's decorations are its own imperative API; React only says which lines.
  useEffect(apply, [decorations]); // eslint-disable-line react-hooks/exhaustive-deps
  useEffect(() => {
    if (reveal) mounted.current?.editor.getModifiedEditor().revealLineInCenter(reveal.line);
  }, [reveal]);

  return (
    <DiffEditor
      height={height}
      original={original}
      modified={modified}
      language={language}
      theme="vs"
      options={{ ...READ_ONLY_OPTIONS, originalEditable: false, renderSideBySide: true, ignoreTrimWhitespace: false }}
      onMount={(ed, monaco) => {
        mounted.current = { editor: ed, monaco, marks: ed.getModifiedEditor().createDecorationsCollection() };
        apply();
        onReady();
      }}
      loading={<span className="muted">Loading diff editor…</span>}
    />
  );
}

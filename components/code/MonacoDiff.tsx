'use client';
// Read-only Monaco diff editor. Loaded only in the browser (see DiffViewer).
import { DiffEditor, type Monaco, type MonacoDiffEditor } from '@monaco-editor/react';
import { useEffect, useRef } from 'react';
import type { editor } from 'monaco-editor';
import type { LineDecoration } from './lineDecoration';
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
  sideBySide = true,
  hideUnchanged = false,
  onFirstChange,
  onContentHeight,
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
  sideBySide?: boolean;
  /** Folds runs of unchanged lines away (Monaco's hideUnchangedRegions). */
  hideUnchanged?: boolean;
  /** Called once the diff is computed, with the first changed line of the modified side (null: no change). */
  onFirstChange?: (line: number | null) => void;
  /** The height the modified side's content needs (smaller once unchanged regions are folded). */
  onContentHeight?: (px: number) => void;
}) {
  const mounted = useRef<{ editor: MonacoDiffEditor; monaco: Monaco; marks: editor.IEditorDecorationsCollection } | null>(null);
  const revealedFirst = useRef(false);
  const propsRef = useRef({ onFirstChange, reveal, onContentHeight });
  propsRef.current = { onFirstChange, reveal, onContentHeight };

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

  // @monaco-editor/react disposes the text models before the diff widget on unmount, which
  // makes Monaco throw "TextModel got disposed before DiffEditorWidget model got reset" on every
  // close. It is told to keep the models (keepCurrent*Model below); this cleanup detaches them
  // from the widget first and disposes them once the widget is gone, in the order Monaco needs.
  useEffect(
    () => () => {
      const m = mounted.current;
      if (!m) return;
      const models = m.editor.getModel();
      m.editor.setModel(null);
      queueMicrotask(() => {
        models?.original.dispose();
        models?.modified.dispose();
      });
      mounted.current = null;
    },
    [],
  );

  return (
    <DiffEditor
      height={height}
      original={original}
      modified={modified}
      language={language}
      theme="vs"
      keepCurrentOriginalModel
      keepCurrentModifiedModel
      options={{
        ...READ_ONLY_OPTIONS,
        originalEditable: false,
        renderSideBySide: sideBySide,
        // Without this Monaco switches to inline by itself below 900 px, whatever was chosen.
        useInlineViewWhenSpaceIsLimited: false,
        ignoreTrimWhitespace: false,
        hideUnchangedRegions: { enabled: hideUnchanged, contextLineCount: 3, minimumLineCount: 3, revealLineCount: 20 },
      }}
      onMount={(ed, monaco) => {
        mounted.current = { editor: ed, monaco, marks: ed.getModifiedEditor().createDecorationsCollection() };
        ed.getModifiedEditor().onDidContentSizeChange((e) => propsRef.current.onContentHeight?.(e.contentHeight));
        ed.onDidUpdateDiff(() => {
          const changes = ed.getLineChanges() ?? [];
          const first = changes.length ? Math.max(1, changes[0].modifiedStartLineNumber || changes[0].modifiedEndLineNumber || 1) : null;
          // Open at the first change, once, unless the page asked for a line of its own.
          if (first !== null && !revealedFirst.current && !propsRef.current.reveal) ed.getModifiedEditor().revealLineInCenter(first);
          revealedFirst.current = true;
          propsRef.current.onFirstChange?.(first);
        });
        apply();
        onReady();
      }}
      loading={<span className="muted">Loading diff editor…</span>}
    />
  );
}

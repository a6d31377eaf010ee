'use client';
// Two sources side by side in Monaco's read-only diff editor; data-ready="true" once mounted.
// Optional whole-line decorations on the right-hand (modified) side, e.g. re-added lines;
// data-decorated is the number applied; `reveal` scrolls the right side to a line.
import dynamic from 'next/dynamic';
import { useState } from 'react';
import { editorHeight, monacoLanguage } from './monacoLanguage';

const MonacoDiff = dynamic(() => import('./MonacoDiff'), { ssr: false });

/** A mark on one line (1-based) of the modified source. */
export interface LineDecoration {
  line: number;
  className: string;
  gutterClassName?: string;
  /** Markdown shown on hover. */
  hover: string;
}

export function DiffViewer({
  original,
  modified,
  language,
  decorations,
  reveal,
}: {
  original: string;
  modified: string;
  language: string | null;
  decorations?: readonly LineDecoration[];
  /** Scroll the right-hand side to this line (pass a new object to move again). */
  reveal?: { line: number } | null;
}) {
  const [ready, setReady] = useState(false);
  const [decorated, setDecorated] = useState(0);
  const lines = Math.max(original.split('\n').length, modified.split('\n').length);
  const height = editorHeight(lines, 320, 820);
  return (
    <div
      className="editor-frame"
      data-testid="diff-editor"
      data-ready={ready ? 'true' : 'false'}
      data-decorated={decorations ? decorated : undefined}
      style={{ minHeight: height }}
    >
      <MonacoDiff
        original={original}
        modified={modified}
        language={monacoLanguage(language)}
        height={height}
        onReady={() => setReady(true)}
        decorations={decorations}
        onDecorated={setDecorated}
        reveal={reveal}
      />
    </div>
  );
}

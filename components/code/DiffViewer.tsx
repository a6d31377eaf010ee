'use client';
// Two sources side by side in Monaco's read-only diff editor; data-ready="true" once mounted.
import dynamic from 'next/dynamic';
import { useState } from 'react';
import { editorHeight, monacoLanguage } from './monacoLanguage';

const MonacoDiff = dynamic(() => import('./MonacoDiff'), { ssr: false });

export function DiffViewer({ original, modified, language }: { original: string; modified: string; language: string | null }) {
  const [ready, setReady] = useState(false);
  const lines = Math.max(original.split('\n').length, modified.split('\n').length);
  const height = editorHeight(lines, 320, 820);
  return (
    <div className="editor-frame" data-testid="diff-editor" data-ready={ready ? 'true' : 'false'} style={{ minHeight: height }}>
      <MonacoDiff original={original} modified={modified} language={monacoLanguage(language)} height={height} onReady={() => setReady(true)} />
    </div>
  );
}

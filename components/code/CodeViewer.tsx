'use client';
// A program's source in a read-only Monaco editor. The container carries data-ready="true"
// once Monaco has mounted, so tests and users wait for state, not time.
import dynamic from 'next/dynamic';
import { useState } from 'react';
import { editorHeight, monacoLanguage } from './monacoLanguage';

const MonacoCode = dynamic(() => import('./MonacoCode'), { ssr: false });

export function CodeViewer({ code, language }: { code: string; language: string | null }) {
  const [ready, setReady] = useState(false);
  const height = editorHeight(code.split('\n').length);
  return (
    <div className="editor-frame" data-testid="code-editor" data-ready={ready ? 'true' : 'false'} style={{ minHeight: height }}>
      <MonacoCode code={code} language={monacoLanguage(language)} height={height} onReady={() => setReady(true)} />
    </div>
  );
}

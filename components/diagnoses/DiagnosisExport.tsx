'use client';
// Export of a diagnosis: the whole of it as JSON (the diagnosis, its experiment and calls, as the
// API gives them) and the report as Markdown (reportModel.reportMarkdown).
import type { DiagnosisView } from '@/lib/trace/diagnosis';
import { downloadText } from '../analysis/download';
import { reportMarkdown } from './reportModel';

export function DiagnosisExport({ detail }: { detail: { diagnosis: DiagnosisView; experiment: unknown; calls: unknown[] } }) {
  const name = `diagnosis-g${detail.diagnosis.triggerGeneration}-${detail.diagnosis.id.slice(0, 8)}`;
  return (
    <div className="row" role="group" aria-label="Export the diagnosis">
      <button type="button" onClick={() => downloadText(`${name}.json`, JSON.stringify(detail, null, 2), 'application/json')}>Export JSON</button>
      <button type="button" onClick={() => downloadText(`${name}.md`, reportMarkdown(detail.diagnosis), 'text/markdown')}>Export Markdown</button>
    </div>
  );
}

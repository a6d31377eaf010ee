'use client';
// Agreement between two judges of the run (GET .../taxonomy/agreement?a=&b=): the paper's B.4
// figures over the edits both judged, and Cohen's kappa per label.
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { LABEL_TITLES } from '@/lib/contracts/editLabels';
import { judgeAgreementSchema } from '@/lib/contracts/api/taxonomySchemas';
import { DefinitionNote } from '../analysis/DefinitionNote';
import { Stat } from '../analysis/Stat';
import { apiFetch } from '../ui/apiFetch';
import { formatCount, formatScore, formatShare } from '../ui/format';
import { judgeTitle } from './taxonomyUrls';
import { Table } from '../ui/Table';

const num = (v: number | null) => (v === null ? '—' : formatScore(Number(v.toFixed(3))));

export function AgreementPanel({ runId, judges }: { runId: string; judges: string[] }) {
  const [a, setA] = useState(judges[0]);
  const [b, setB] = useState(judges[1]);
  const q = useQuery({
    queryKey: ['taxonomy-agreement', runId, a, b],
    queryFn: ({ signal }) =>
      apiFetch(`/api/runs/${runId}/taxonomy/agreement?a=${encodeURIComponent(a)}&b=${encodeURIComponent(b)}`, { schema: judgeAgreementSchema, signal }),
    enabled: a !== b,
  });
  const r = q.data?.report;
  const pick = (value: string, set: (v: string) => void, name: string) => (
    <label>
      {name}{' '}
      <select value={value} onChange={(e) => set(e.target.value)}>
        {judges.map((j) => (
          <option key={j} value={j}>
            {judgeTitle(j)}
          </option>
        ))}
      </select>
    </label>
  );
  return (
    <section data-testid="judge-agreement" data-state={r ? 'ready' : 'loading'}>
      <div className="row">
        {pick(a, setA, 'Reference')}
        {pick(b, setB, 'Compared')}
      </div>
      {a === b && <p className="muted">Pick two different judges.</p>}
      {q.isError && (
        <p className="error" role="alert">
          Could not load the agreement: {q.error.message}
        </p>
      )}
      {r && (
        <>
          <dl className="stats">
            <Stat label="Edits judged by both" id="agree-n">{formatCount(r.n)}</Stat>
            <Stat label="Exact match" id="agree-exact">{formatShare(r.exactMatch)}</Stat>
            <Stat label="Mean Jaccard">{num(r.meanJaccard)}</Stat>
            <Stat label="Micro F1">{num(r.micro.f1)}</Stat>
            <Stat label="Macro F1">{num(r.macroF1)}</Stat>
            <Stat label="Macro κ" id="agree-kappa">{num(r.macroKappa)}</Stat>
          </dl>
          <Table
            label="Agreement per label"
            rows={r.perLabel}
            rowKey={(l) => l.label}
            columns={[
              { key: 'label', header: 'Label', cell: (l) => LABEL_TITLES[l.label] },
              { key: 'both', header: 'Both', numeric: true, cell: (l) => formatCount(l.both) },
              { key: 'onlyA', header: 'Reference only', numeric: true, cell: (l) => formatCount(l.onlyA) },
              { key: 'onlyB', header: 'Compared only', numeric: true, cell: (l) => formatCount(l.onlyB) },
              { key: 'precision', header: 'Precision', numeric: true, cell: (l) => num(l.precision) },
              { key: 'recall', header: 'Recall', numeric: true, cell: (l) => num(l.recall) },
              { key: 'f1', header: 'F1', numeric: true, cell: (l) => num(l.f1) },
              { key: 'kappa', header: "Cohen's κ", numeric: true, cell: (l) => num(l.kappa) },
            ]}
          />
          <DefinitionNote>
            over the edits both judges labelled; precision and recall take the reference as truth; κ per label on the binary present/absent table, macro κ
            averaged over the labels either judge used (paper, appendix B.4).
          </DefinitionNote>
        </>
      )}
    </section>
  );
}

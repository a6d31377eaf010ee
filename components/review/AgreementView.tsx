'use client';
// The session's agreement: judge vs each reviewer, reviewer vs reviewer, per pair the figures of
// lib/analysis/taxonomy/agreement.ts and, one click away, the items where the two differ (each
// linking to its diff). Every figure carries a data-testid and its exact value in data-value.
import Link from 'next/link';
import { useEffect, useState } from 'react';
import { apiFetch } from '@/components/ui/apiFetch';
import { LABEL_TITLES } from '@/lib/contracts/editLabels';
import { agreementResponseSchema, type AgreementResponse } from '@/lib/review/schemas';
import { Table } from '@/components/ui/Table';
import { useUrlParam } from '../ui/useUrlParam';

const fmt = (v: number | null) => (v === null ? '—' : v.toFixed(3));

function Figure({ id, label, value, count = false }: { id: string; label: string; value: number | null; count?: boolean }) {
  return (
    <div>
      <div className="muted" style={{ fontSize: '0.8rem' }}>{label}</div>
      <strong data-testid={id} data-value={value === null ? '' : String(value)}>{count ? String(value) : fmt(value)}</strong>
    </div>
  );
}

function Pair({ pair }: { pair: AgreementResponse['pairs'][number] }) {
  const [open, setOpen] = useState(false);
  const { report: r } = pair;
  const title = `${pair.a.name} vs ${pair.b.name}`;
  return (
    <section aria-label={title} data-testid={`agreement-pair-${pair.a.key}--${pair.b.key}`} className="panel" style={{ margin: '0.8rem 0' }}>
      <h2 style={{ marginTop: 0 }}>
        {pair.a.kind === 'judge' ? 'Judge ' : ''}
        {pair.a.name} <span className="muted">vs</span> {pair.b.kind === 'judge' ? 'judge ' : ''}
        {pair.b.name}
      </h2>
      <div className="row">
        <Figure id="edits" label="Edits in both" value={r.n} count />
        <Figure id="macro-kappa" label="Macro Cohen's κ" value={r.macroKappa} />
        <Figure id="mean-jaccard" label="Mean Jaccard" value={r.meanJaccard} />
        <Figure id="micro-f1" label="Micro F1" value={r.micro.f1} />
        <Figure id="macro-f1" label="Macro F1" value={r.macroF1} />
        <Figure id="exact-match" label="Exact match" value={r.exactMatch} />
      </div>
      <Table
        label={`Per-label agreement, ${title}`}
        wrap={false}
        tableProps={{ style: { marginTop: '0.6rem' } }}
        rows={r.perLabel}
        rowKey={(l) => l.label}
        columns={[
          { key: 'label', header: 'Label', cell: (l) => LABEL_TITLES[l.label] },
          { key: 'both', header: 'Both', numeric: true, cell: (l) => l.both },
          { key: 'onlyA', header: `Only ${pair.a.name}`, numeric: true, cell: (l) => l.onlyA },
          { key: 'onlyB', header: `Only ${pair.b.name}`, numeric: true, cell: (l) => l.onlyB },
          { key: 'neither', header: 'Neither', numeric: true, cell: (l) => l.neither },
          { key: 'f1', header: 'F1', numeric: true, cell: (l) => fmt(l.f1) },
          {
            key: 'kappa',
            header: "Cohen's κ",
            numeric: true,
            td: (l) => ({ 'data-testid': `kappa-${l.label}`, 'data-value': l.kappa === null ? '' : String(l.kappa) }),
            cell: (l) => fmt(l.kappa),
          },
        ]}
      />
      <button type="button" aria-expanded={open} onClick={() => setOpen((o) => !o)} style={{ marginTop: '0.6rem' }} data-testid="disagreements-toggle">
        {pair.disagreements.length} disagreement{pair.disagreements.length === 1 ? '' : 's'}
      </button>
      {open && (
        <ul data-testid="disagreements" aria-label={`Disagreements, ${title}`}>
          {pair.disagreements.map((d) => (
            <li key={`${d.runId}/${d.childId}`}>
              <Link href={`/runs/${d.runId}/programs/${d.childId}/diff?against=${d.parentId}`}>edit #{d.position + 1}</Link>: {pair.a.name}{' '}
              <span className="mono">{d.a.join(', ') || '(none)'}</span> · {pair.b.name} <span className="mono">{d.b.join(', ') || '(none)'}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

export function AgreementView({ sessionId }: { sessionId: string }) {
  // The judge compared with is in the URL (?judge=...): a shared link shows the same comparison.
  const [judgeParam, setJudgeParam] = useUrlParam<string>('judge', (v) => v.length > 0 && v.length <= 200, '');
  const judge = judgeParam === '' ? undefined : judgeParam;
  const setJudge = (j: string | undefined) => setJudgeParam(j ?? '');
  const [data, setData] = useState<AgreementResponse | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    const q = judge === undefined ? '' : `?judge=${encodeURIComponent(judge)}`;
    apiFetch(`/api/reviews/${sessionId}/agreement${q}`, { schema: agreementResponseSchema })
      .then((d) => {
        setData(d);
        setError(null);
      })
      .catch((e: Error) => setError(e.message));
  }, [sessionId, judge]);
  if (error) return <p className="panel" role="alert">{error}</p>;
  if (!data) return <p className="muted">Loading…</p>;
  return (
    <div data-testid="agreement" data-judge={data.judge ?? ''}>
      <h1>Agreement · {data.session.name}</h1>
      <p className="subtitle">
        {data.session.items} edits ·{' '}
        {data.reviewers.map((r) => `${r.name}: ${r.labelled} labelled, ${r.skipped} skipped`).join(' · ')}. Skipped edits are left out; a
        reviewer is the reference against the judge.
      </p>
      <label>
        Judge{' '}
        <select aria-label="Judge" value={data.judge ?? ''} onChange={(e) => setJudge(e.target.value)}>
          {data.judges.map((j) => (
            <option key={j} value={j}>
              {j}
              {j === data.session.judge ? ' (stratified the sample)' : ''}
            </option>
          ))}
          <option value="">none</option>
        </select>
      </label>
      {data.judge && data.judgeLabelled === 0 && <p className="muted">The judge {data.judge} labelled none of these edits.</p>}
      {data.pairs.length === 0 && <p className="muted">Nothing to compare yet: a judge or a second reviewer is needed.</p>}
      {data.pairs.map((p) => (
        <Pair key={`${p.a.key}--${p.b.key}`} pair={p} />
      ))}
    </div>
  );
}

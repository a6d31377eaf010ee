'use client';
// The selected node: its summary from the graph, and its diff to its first parent in the archive
// (both sources from GET /api/runs/[runId]/programs/[programId], fetched side by side).
import { useQuery } from '@tanstack/react-query';
import Link from 'next/link';
import type { LineageLayout } from '@/lib/analysis/lineageLayout';
import type { GraphLineage, RunGraph } from '@/lib/contracts/api/graph';
import { programDetailSchema } from '@/lib/contracts/api/programs';
import { DiffViewer } from '../code/DiffViewer';
import { JudgementChips } from '../taxonomy/EditJudgementsPanel';
import { apiFetch } from '../ui/apiFetch';
import { formatScore, formatShare, shortId } from '../ui/format';
import styles from './Lineage.module.css';

interface Props {
  runId: string;
  graph: RunGraph;
  layout: LineageLayout;
  lineage: GraphLineage | null;
  node: number;
  onSelect: (node: number | null, focus?: boolean) => void;
  /** The metric the nodes are coloured by, when it is not the score: its value is shown too. */
  metric?: { name: string; values: readonly (number | null)[] | null } | null;
}

/** Children linked in the panel; a seed of a big run can have thousands. */
const CHILDREN_SHOWN = 50;

/** Parents (by ordinal) and children of a node, from the edge columns. */
function relativesOf(graph: RunGraph, layout: LineageLayout, node: number) {
  const e = graph.edges;
  const parents: { node: number; ordinal: number; operator: string | null }[] = [];
  const children: number[] = [];
  for (let k = 0; k < e.childIndex.length; k++) {
    const p = layout.edgeParent[k];
    if (p < 0) continue;
    if (e.childIndex[k] === node) parents.push({ node: p, ordinal: e.ordinal[k], operator: e.operator[k] });
    if (p === node) children.push(e.childIndex[k]);
  }
  parents.sort((a, b) => a.ordinal - b.ordinal);
  return { parents, children };
}

function role(lineage: GraphLineage | null, graph: RunGraph, i: number): string {
  if (!lineage || lineage.onBestAncestry[i] === null) return 'not computed yet';
  if (lineage.finalBestId === graph.externalIds[i]) return 'the final best';
  if (lineage.onBestAncestry[i] === 1) return 'an ancestor of the final best';
  return 'dead branch';
}

export function LineagePanel({ runId, graph, layout, lineage, node, onSelect, metric }: Props) {
  const ghost = node >= graph.count;
  const { parents, children } = relativesOf(graph, layout, node);
  const name = (i: number) => (i < graph.count ? graph.externalIds[i] : layout.ghostIds[i - graph.count]);
  const diffParent = parents.find((p) => p.node < graph.count);
  // Programs the LLM saw when it made this one (context refs, never lineage).
  const shownAsContext: { node: number; label: string | null }[] = [];
  const ce = graph.contextEdges;
  for (let k = 0; k < ce.childIndex.length; k++) if (ce.childIndex[k] === node) shownAsContext.push({ node: ce.refIndex[k], label: ce.label[k] });
  const id = ghost ? null : graph.ids[node];
  const parentId = diffParent ? graph.ids[diffParent.node] : null;

  const program = useQuery({
    queryKey: ['program', runId, id],
    queryFn: ({ signal }) => apiFetch(`/api/runs/${runId}/programs/${id}`, { schema: programDetailSchema, signal }),
    enabled: id !== null,
    staleTime: Infinity,
  });
  const parent = useQuery({
    queryKey: ['program', runId, parentId],
    queryFn: ({ signal }) => apiFetch(`/api/runs/${runId}/programs/${parentId}`, { schema: programDetailSchema, signal }),
    enabled: parentId !== null,
    staleTime: Infinity,
  });

  const jump = (i: number) => (
    <button type="button" className="mono" onClick={() => onSelect(i, true)} title={name(i)} aria-label={name(i)}>
      {shortId(name(i), 20)}
    </button>
  );

  return (
    <aside className={styles.panel} data-testid="lineage-panel" aria-label="Selected program">
      <div className={styles.panelHead}>
        <h2 className="mono">{name(node)}</h2>
        <button type="button" onClick={() => onSelect(null)} aria-label="Close panel" title="Close (Esc)">
          ✕
        </button>
      </div>
      {ghost ? (
        <p>
          <span className="tag">not in archive</span> The run names this program as a parent of {children.length}{' '}
          {children.length === 1 ? 'program' : 'programs'}, but the archive does not contain it.
        </p>
      ) : (
        <dl className={styles.facts}>
          <dt>iteration</dt>
          <dd>{graph.iteration[node] ?? '—'}</dd>
          <dt>island</dt>
          <dd>{graph.island[node] ?? '—'}</dd>
          <dt>{graph.scoreMetric ?? 'score'}</dt>
          <dd>
            {graph.rejected.includes(node) ? (
              <span className="tag warn">rejected</span>
            ) : graph.valid[node] ? (
              formatScore(graph.score[node])
            ) : (
              <span className="tag bad">invalid</span>
            )}
          </dd>
          {metric && metric.name !== graph.scoreMetric && (
            <>
              <dt>{metric.name}</dt>
              <dd data-testid="panel-metric">{metric.values ? formatScore(metric.values[node]) : '…'}</dd>
            </>
          )}
          <dt>depth</dt>
          <dd>{lineage?.depth[node] ?? '—'}</dd>
          <dt>lineage</dt>
          <dd>
            {role(lineage, graph, node)}
            {lineage?.bestSoFar[node] === 1 && ' · best-so-far point'}
          </dd>
          <dt>recycled share</dt>
          <dd>{lineage?.recycledShare[node] != null ? formatShare(lineage.recycledShare[node]) : '—'}</dd>
          <dt>seq</dt>
          <dd>{graph.seq[node]}</dd>
        </dl>
      )}
      <div className="row" style={{ gap: '0.4rem 0.6rem', fontSize: '0.85rem' }}>
        <span className="muted">{parents.length ? 'parents' : 'no parent (a seed)'}</span>
        {parents.map((p) => (
          <span key={p.node}>
            {jump(p.node)}
            {p.operator && <span className="muted"> {p.operator}</span>}
          </span>
        ))}
        {children.length === 0 && <span className="muted">· no children</span>}
      </div>
      {shownAsContext.length > 0 && (
        <div className="row" style={{ gap: '0.4rem 0.6rem', fontSize: '0.85rem' }} data-testid="panel-context-refs">
          <span className="muted">shown as context (not parents)</span>
          {shownAsContext.map((c) => (
            <span key={c.node}>
              {jump(c.node)}
              {c.label && <span className="muted"> {c.label}</span>}
            </span>
          ))}
        </div>
      )}
      {children.length > 0 && (
        <>
          <span className="muted" style={{ fontSize: '0.85rem' }}>
            {children.length} {children.length === 1 ? 'child' : 'children'}
            {children.length > CHILDREN_SHOWN && ` (the first ${CHILDREN_SHOWN} shown; find the others by id)`}
          </span>
          <ul className={styles.children} aria-label="Children">
            {children.slice(0, CHILDREN_SHOWN).map((c) => (
              <li key={c}>{jump(c)}</li>
            ))}
          </ul>
        </>
      )}
      {id && (
        <p className="row" style={{ fontSize: '0.85rem', margin: '0.5rem 0' }}>
          <Link href={`/runs/${runId}/programs/${id}`}>Open program page</Link>
          {diffParent && <Link href={`/runs/${runId}/programs/${id}/diff`}>Full diff page</Link>}
        </p>
      )}
      {id && diffParent && <JudgementChips runId={runId} programId={id} />}
      {id && !diffParent && (
        <p className="muted">{parents.length ? 'Its parent is not in the archive: no diff.' : 'A seed: no parent to diff against.'}</p>
      )}
      {diffParent && (
        <>
          <h3>Diff to {diffParent.ordinal === 0 ? 'its first parent' : 'its first parent in the archive'}</h3>
          {(program.isError || parent.isError) && (
            <p className="error" role="alert">
              Could not load the sources: {(program.error ?? parent.error)?.message}
            </p>
          )}
          {program.data && parent.data ? (
            <DiffViewer
              key={`${parentId}-${id}`}
              original={parent.data.code}
              modified={program.data.code}
              language={program.data.language}
            />
          ) : (
            !program.isError && !parent.isError && <p className="muted" role="status">Loading sources…</p>
          )}
        </>
      )}
    </aside>
  );
}

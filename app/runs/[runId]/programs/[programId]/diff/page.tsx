import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { CommentThread } from '@/components/comments/CommentThread';
import { ComponentsDiff } from '@/components/code/ComponentsDiff';
import { componentPairs } from '@/components/code/componentDiffModel';
import { DiffPicker } from '@/components/program/DiffPicker';
import { JudgedDiff } from '@/components/taxonomy/JudgedDiff';
import { formatScore } from '@/components/ui/format';
import { programParamsSchema } from '@/lib/contracts/api/params';
import type { ProgramSource } from '@/lib/contracts/api/programs';
import { cyclingViewParams } from '@/lib/contracts/api/viewParams';
import { getFirstParentId, getProgramSource, resolveProgramRef } from '@/lib/db/programs';
import { getRun } from '@/lib/db/runs';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';
export const metadata: Metadata = { title: 'Diff' };

type Props = {
  params: Promise<{ runId: string; programId: string }>;
  searchParams: Promise<{ against?: string | string[]; definitions?: string | string[]; scope?: string | string[]; judge?: string | string[] }>;
};

/**
 * `against` is a program's uuid or the source's own id, or a prefix of either (see
 * resolveProgramRef); absent means the first parent.
 */
async function resolveAgainst(runId: string, programId: string, against: string | undefined) {
  if (!against) {
    const parentId = await getFirstParentId(programId);
    return { source: parentId ? await getProgramSource(runId, parentId) : null, ambiguous: null, more: false };
  }
  const ref = await resolveProgramRef(runId, against);
  if (ref && 'ambiguous' in ref) return { source: null, ambiguous: ref.ambiguous, more: ref.more };
  return { source: ref ? await getProgramSource(runId, ref.id) : null, ambiguous: null, more: false };
}

function Side({ runId, p, role }: { runId: string; p: ProgramSource; role: string }) {
  return (
    <span>
      {role}:{' '}
      <Link href={`/runs/${runId}/programs/${p.id}`} className="mono">
        {p.externalId}
      </Link>{' '}
      <span className="muted">
        it {p.iteration ?? '—'} · {p.rejected ? 'rejected' : p.valid ? formatScore(p.score) : 'invalid'}
      </span>
    </span>
  );
}

export default async function DiffPage({ params, searchParams }: Props) {
  const parsed = programParamsSchema.safeParse(await params);
  if (!parsed.success) notFound();
  const { runId, programId } = parsed.data;
  const query = await searchParams;
  const raw = query.against;
  const against = (Array.isArray(raw) ? raw[0] : raw)?.trim() || undefined;
  const [run, program] = await Promise.all([getRun(runId), getProgramSource(runId, programId)]);
  if (!run || !program) notFound();
  const { source: other, ambiguous, more } = await resolveAgainst(runId, programId, against);
  // Re-added lines are marked only on the program's own edit (against its first parent).
  const ownEdit = other !== null && (!against || other.id === (await getFirstParentId(programId)));
  const marks = cyclingViewParams(query);
  const self = `/runs/${runId}/programs/${programId}/diff`;
  return (
    <>
      <div className="crumbs">
        <Link href="/">Runs</Link> / <Link href={`/runs/${run.id}`}>{run.name}</Link> /{' '}
        <Link href={`/runs/${run.id}/programs/${program.id}`}>{program.externalId}</Link> /
      </div>
      <h1>Diff</h1>
      <div className="row" style={{ margin: '0.4rem 0 0.8rem' }}>
        {other && <Side runId={runId} p={other} role={against ? 'left' : 'parent (left)'} />}
        <Side runId={runId} p={program} role="right" />
      </div>
      <DiffPicker action={self} current={against ?? other?.externalId ?? ''} />
      {other && componentPairs(other.code, program.code) && (
        <section aria-label="Diff per component" style={{ marginTop: '0.8rem' }}>
          <h2>Per component</h2>
          <ComponentsDiff original={other.code} modified={program.code} />
          <h2>Whole text</h2>
        </section>
      )}
      <div style={{ marginTop: '0.8rem' }}>
        {other ? (
          <JudgedDiff
            runId={runId}
            programId={program.id}
            childExternalId={program.externalId}
            original={other.code}
            modified={program.code}
            language={program.language ?? run.language}
            ownEdit={ownEdit}
            definitions={marks.definitions}
            scope={marks.scope}
            initialJudge={(Array.isArray(query.judge) ? query.judge[0] : query.judge) ?? null}
          />
        ) : (
          <p className="panel" role="alert">
            {ambiguous
              ? `"${against}" matches several programs (${ambiguous.join(', ')}${more ? ', …' : ''}): type more of it.`
              : against
              ? `No program "${against}" in this run.`
              : 'This program has no parent in the archive; pick another program to compare against.'}
          </p>
        )}
      </div>
      <h2>Discussion</h2>
      {/* Diff comments belong to the right-hand program's edit; a comment may name one of its lines. */}
      <CommentThread runId={runId} target="diff" programId={program.id} title="Comments on this diff" lineInput />
    </>
  );
}

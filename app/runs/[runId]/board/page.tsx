// /runs/[runId]/board?edit=<childId> - the breakthrough review board: the run's best-so-far
// edits with score jump, judge and human labels, review status and comment threads (issue 10)
import { notFound } from 'next/navigation';
import { BoardTable } from '@/components/board/BoardTable';
import { RunViewHeader } from '@/components/run/RunViewHeader';
import { uuidSchema } from '@/lib/contracts/api/params';
import { loadRun, runViewMetadata } from '../loadRun';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

type Props = { params: Promise<{ runId: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

export const generateMetadata = runViewMetadata('Review board');

export default async function BoardPage({ params, searchParams }: Props) {
  const run = await loadRun((await params).runId);
  if (!run) notFound();
  const raw = (await searchParams).edit;
  const edit = uuidSchema('edit').safeParse(Array.isArray(raw) ? raw[0] : raw);
  return (
    <>
      <RunViewHeader run={run} title="Review board">
        <p className="subtitle">{run.name} · the breakthroughs: sign them off or dispute them, and discuss them.</p>
      </RunViewHeader>
      <BoardTable runId={run.id} openEdit={edit.success ? edit.data : null} />
    </>
  );
}

import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { AgreementView } from '@/components/review/AgreementView';
import { getReviewSession } from '@/lib/db/reviews';
import { sessionParamsSchema } from '@/lib/review/schemas';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';
export const metadata: Metadata = { title: 'Review agreement' };

// /review/[sessionId]/agreement - the figures come from the agreement API, which keeps them from
// a reviewer of the session until they have finished.
export default async function AgreementPage({ params }: { params: Promise<{ sessionId: string }> }) {
  const parsed = sessionParamsSchema.safeParse(await params);
  if (!parsed.success) notFound();
  const session = await getReviewSession(parsed.data.sessionId);
  if (!session) notFound();
  return (
    <>
      <div className="crumbs">
        <Link href="/review">Review sessions</Link> / <Link href={`/review/${session.id}`}>{session.name}</Link> /
      </div>
      <AgreementView sessionId={session.id} />
    </>
  );
}

import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { ReviewScreen } from '@/components/review/ReviewScreen';
import { getReviewSession } from '@/lib/db/reviews';
import { sessionParamsSchema } from '@/lib/review/schemas';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';
export const metadata: Metadata = { title: 'Blind review' };

// /review/[sessionId] - label the session's edits blind, with the keyboard. Only the session's
// name comes from here; the items come from the blind item API.
export default async function ReviewPage({ params }: { params: Promise<{ sessionId: string }> }) {
  const parsed = sessionParamsSchema.safeParse(await params);
  if (!parsed.success) notFound();
  const session = await getReviewSession(parsed.data.sessionId);
  if (!session) notFound();
  return (
    <>
      <div className="crumbs">
        <Link href="/review">Review sessions</Link> /
      </div>
      <ReviewScreen sessionId={session.id} name={session.name} />
    </>
  );
}

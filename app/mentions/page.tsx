// /mentions - "Mentions of me": comments that @mention the signed-in user (issue 10)
import type { Metadata } from 'next';
import { MentionsList } from '@/components/mentions/MentionsList';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = { title: 'Mentions' };

export default function MentionsPage() {
  return (
    <>
      <h1>Mentions of me</h1>
      <p className="subtitle">Comments on edits, programs and diffs that @mention you, newest first.</p>
      <MentionsList />
    </>
  );
}

// /settings/audit - the audit log for owners (permission 'users', checked by /api/audit/log):
// imports, deletions, relabelling, review statuses, comment moderation, role changes, tokens
import type { Metadata } from 'next';
import Link from 'next/link';
import { AuditLogView } from '@/components/audit/AuditLogView';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = { title: 'Audit log' };

export default function AuditPage() {
  return (
    <>
      <div className="crumbs">
        <Link href="/settings">Settings</Link> /
      </div>
      <h1>Audit log</h1>
      <p className="subtitle">Who changed what: imports, deletions, relabelling, review statuses, comment moderation, roles and tokens. Owners only.</p>
      <AuditLogView />
    </>
  );
}

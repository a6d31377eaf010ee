'use client';
// Header link to "Mentions of me" with the unread count, shown only to a signed-in user (the
// single-user workbench has nobody to mention). Refreshes when the list marks mentions read
// and when the window regains focus.
import Link from 'next/link';
import { useEffect, useState } from 'react';
import { UNREAD_MENTIONS_URL } from '@/lib/contracts/api/headerUrls';
import { apiFetch } from '../ui/apiFetch';

export function MentionsNavLink() {
  const [unread, setUnread] = useState<number | null>(null);
  useEffect(() => {
    const load = () =>
      // A GET has no request headers: the layout's preload of the same URL serves the first one.
      apiFetch<{ singleUser: boolean; unread: number } | null>(UNREAD_MENTIONS_URL).then(
        (body) => setUnread(body && !body.singleUser ? body.unread : null),
        () => setUnread(null),
      );
    void load();
    window.addEventListener('evoscope:mentions', load);
    window.addEventListener('focus', load);
    return () => {
      window.removeEventListener('evoscope:mentions', load);
      window.removeEventListener('focus', load);
    };
  }, []);
  if (unread === null) return null;
  return (
    <Link href="/mentions" prefetch={false} data-testid="nav-mentions" aria-label={`Mentions, ${unread} unread`}>
      Mentions{unread > 0 && <span className="tag" data-testid="nav-mentions-unread" style={{ marginLeft: '0.3rem' }}>{unread}</span>}
    </Link>
  );
}

import type { Metadata } from 'next';
// Navigation links do not prefetch: every run view is dynamic, and prefetches competed with
// the lineage page's graph download in its first second (the 50k first-frame benchmark).
import Link from 'next/link';
import { MentionsNavLink } from '@/components/mentions/MentionsNavLink';
import type { ReactNode } from 'react';
import { AccountMenu } from '@/components/auth/AccountMenu';
import { SESSION_URL, UNREAD_MENTIONS_URL } from '@/lib/contracts/api/headerUrls';
import { Providers } from './providers';
import './globals.css';

export const metadata: Metadata = {
  title: { default: 'Evoscope', template: '%s · Evoscope' },
  description: 'Explore traces of LLM-driven evolutionary coding runs.',
};

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <body>
        {/* The header's two requests start with the HTML, not after hydration, where they were the last a page waited for. */}
        <link rel="preload" href={SESSION_URL} as="fetch" crossOrigin="anonymous" />
        <link rel="preload" href={UNREAD_MENTIONS_URL} as="fetch" crossOrigin="anonymous" />
        <header className="site-header">
          <nav aria-label="Main">
            <Link href="/" className="brand" prefetch={false}>
              Evoscope
            </Link>
            <Link href="/" prefetch={false}>Runs</Link>
            <Link href="/upload" prefetch={false}>Upload</Link>
            <Link href="/review" prefetch={false}>Reviews</Link>
            <MentionsNavLink />
            <Link href="/settings" prefetch={false}>Settings</Link>
            <AccountMenu />
          </nav>
        </header>
        <Providers>
          <main>{children}</main>
        </Providers>
      </body>
    </html>
  );
}

import type { Metadata } from 'next';
import Link from 'next/link';
import type { ReactNode } from 'react';
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
        <header className="site-header">
          <nav aria-label="Main">
            <Link href="/" className="brand">
              Evoscope
            </Link>
            <Link href="/">Runs</Link>
            <Link href="/upload">Upload</Link>
            <Link href="/settings">Settings</Link>
          </nav>
        </header>
        <Providers>
          <main>{children}</main>
        </Providers>
      </body>
    </html>
  );
}

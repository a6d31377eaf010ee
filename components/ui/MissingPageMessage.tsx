'use client';
// The 404 page's text, from the address that was asked for (describeMissing).
import { usePathname } from 'next/navigation';
import { describeMissing } from './missingPage';

export function MissingPageMessage() {
  const { title, detail } = describeMissing(usePathname() ?? '/');
  return (
    <>
      <h1>{title}</h1>
      <p className="subtitle" data-testid="not-found-detail">
        {detail}
      </p>
    </>
  );
}

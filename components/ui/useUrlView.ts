'use client';
// A page's view state kept in its URL, and only there (issue 24: a label chosen on the taxonomy
// page was lost on Back, because the state lived in React and the restored page re-ran its
// server props through an effect that rewrote the URL). The URL is read with useSearchParams and
// written with history.replaceState, which Next's router syncs, so reload, Back and a shared
// link all show the same view.
import { usePathname, useSearchParams } from 'next/navigation';
import { useCallback, useMemo } from 'react';

/**
 * `parse` reads the view from the query; `query` writes it back as a whole query string ('' or
 * '?...'), given the current parameters so that a component owning a few of them keeps the rest.
 */
export function useUrlView<T>(
  parse: (sp: URLSearchParams) => T,
  query: (view: T, current: URLSearchParams) => string,
): [T, (next: T | ((cur: T) => T)) => void] {
  const sp = useSearchParams();
  const pathname = usePathname();
  const key = sp.toString();
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const view = useMemo(() => parse(new URLSearchParams(key)), [key]);
  const set = useCallback(
    (next: T | ((cur: T) => T)) => {
      const current = new URLSearchParams(window.location.search);
      const cur = parse(current);
      const value = typeof next === 'function' ? (next as (c: T) => T)(cur) : next;
      const q = query(value, current);
      // null state: Next's router patches replaceState and syncs useSearchParams only for calls
      // that do not carry its own internal state (passing history.state would skip the sync).
      if (q !== window.location.search) window.history.replaceState(null, '', `${pathname}${q}${window.location.hash}`);
    },
    // parse and query are module-level functions in every caller.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [pathname],
  );
  return [view, set];
}

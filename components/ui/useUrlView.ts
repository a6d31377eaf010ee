'use client';
// A page's view state kept in its URL (issue 24: a label chosen on the taxonomy page was lost on
// Back, because the state lived in React and the restored page re-ran its server props through
// an effect that rewrote the URL). The URL is read with useSearchParams and written with
// history.replaceState, which Next's router syncs, so reload, Back and a shared link all show
// the same view. Next applies that sync a render later: until it lands, the value just set is
// shown, so a controlled checkbox changes at the click (not a frame after it) and two quick
// changes build on each other.
import { usePathname, useSearchParams } from 'next/navigation';
import { useCallback, useMemo, useRef, useState } from 'react';

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
  const fromUrl = useMemo(() => parse(new URLSearchParams(key)), [key]);
  // The value set last, shown until the URL it wrote comes back (or the URL changes otherwise).
  const [pending, setPending] = useState<{ value: T; base: string } | null>(null);
  const view = pending && pending.base === key ? pending.value : fromUrl;
  const latest = useRef(view);
  latest.current = view;
  const set = useCallback(
    (next: T | ((cur: T) => T)) => {
      const current = new URLSearchParams(window.location.search);
      const value = typeof next === 'function' ? (next as (c: T) => T)(latest.current) : next;
      latest.current = value;
      setPending({ value, base: key });
      const q = query(value, current);
      // null state: Next's router patches replaceState and syncs useSearchParams only for calls
      // that do not carry its own internal state (passing history.state would skip the sync).
      if (q !== window.location.search) window.history.replaceState(null, '', `${pathname}${q}${window.location.hash}`);
    },
    // parse and query are module-level functions in every caller.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [pathname, key],
  );
  return [view, set];
}

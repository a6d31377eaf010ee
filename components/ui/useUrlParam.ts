'use client';
// One query parameter of a page's view (useUrlView for a single key): the value when the URL
// holds an allowed one, else the fallback; setting the fallback removes the parameter, and every
// other parameter of the URL is kept. For tabs, sort orders and switches that change what a page
// shows (issue 24: each survives reload, Back and a shared link).
import { useUrlView } from './useUrlView';

export function urlParamQuery(key: string, value: string, fallback: string, current: URLSearchParams): string {
  const q = new URLSearchParams(current);
  if (value === fallback) q.delete(key);
  else q.set(key, value);
  const s = q.toString();
  return s ? `?${s}` : '';
}

export function parseUrlParam<T extends string>(sp: URLSearchParams, key: string, allowed: readonly T[] | ((v: string) => boolean), fallback: T): T {
  const v = sp.get(key);
  if (v === null) return fallback;
  const ok = typeof allowed === 'function' ? allowed(v) : (allowed as readonly string[]).includes(v);
  return ok ? (v as T) : fallback;
}

export function useUrlParam<T extends string>(key: string, allowed: readonly T[] | ((v: string) => boolean), fallback: T): [T, (next: T) => void] {
  return useUrlView<T>(
    (sp) => parseUrlParam(sp, key, allowed, fallback),
    (value, current) => urlParamQuery(key, value, fallback, current),
  ) as [T, (next: T) => void];
}

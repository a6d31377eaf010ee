// What PostgreSQL cannot hold, checked by zod before the database is touched (issue 15 item 5):
// integers past int4, U+0000 in text or jsonb (refused in keys and ids, where replacing it
// could merge two distinct names; replaced in free text by lib/db/rows.ts clean()), lone UTF-16
// surrogates in jsonb (JSON.stringify writes them as "\udc00", which jsonb refuses), and jsonb
// nested deeper than is useful (PostgreSQL's parser recurses and a deep value costs stack).
import { z } from 'zod';

export const INT4_MAX = 2_147_483_647;
/** Deepest nesting accepted in metrics and metadata; real traces stay under ten. */
export const MAX_JSON_DEPTH = 64;

const NUL = /\u0000/;
// A high surrogate not followed by a low one, or a low one not preceded by a high one.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export const hasNul = (s: string) => NUL.test(s);
export const hasLoneSurrogate = (s: string) => LONE_SURROGATE.test(s);

/** Why `s` cannot be a key or id in PostgreSQL, or null. */
export function badName(s: string): string | null {
  if (hasNul(s)) return 'a NUL character (U+0000)';
  if (hasLoneSurrogate(s)) return 'a lone UTF-16 surrogate (not valid Unicode)';
  return null;
}

/**
 * The first reason `value` cannot be stored as jsonb, with the path to it ("a.b[2]"), or
 * null. Iterative and stopped at `maxDepth`, so a 100,000-deep value costs no stack.
 */
export function jsonbProblem(value: unknown, maxDepth = MAX_JSON_DEPTH): { path: string; problem: string } | null {
  const stack: Array<{ v: unknown; path: string; depth: number }> = [{ v: value, path: '', depth: 0 }];
  while (stack.length) {
    const { v, path, depth } = stack.pop()!;
    if (typeof v === 'string') {
      if (hasLoneSurrogate(v)) return { path, problem: 'must not hold a lone UTF-16 surrogate (not valid Unicode)' };
      continue;
    }
    if (typeof v !== 'object' || v === null) continue;
    if (depth >= maxDepth) return { path, problem: `must not be nested more than ${maxDepth} levels deep` };
    if (Array.isArray(v)) {
      for (let i = v.length - 1; i >= 0; i--) stack.push({ v: v[i], path: `${path}[${i}]`, depth: depth + 1 });
      continue;
    }
    for (const [k, x] of Object.entries(v)) {
      const bad = badName(k);
      if (bad) return { path, problem: `must not have a key with ${bad}: ${JSON.stringify(k.slice(0, 40))}` };
      stack.push({ v: x, path: path ? `${path}.${k}` : k, depth: depth + 1 });
    }
  }
  return null;
}

/** `schema` refined so its value can be stored as jsonb; issues read "<field>.<path> must ...". */
export const storableJson = <T extends z.ZodType>(field: string, schema: T) =>
  schema.superRefine((v, ctx) => {
    const bad = jsonbProblem(v);
    if (bad) ctx.addIssue({ code: 'custom', message: `${field}${bad.path && !bad.path.startsWith('[') ? '.' : ''}${bad.path} ${bad.problem}` });
  });

/** A string PostgreSQL can hold as an id or key. */
export const storableName = (s: z.ZodString) => s.refine((v) => !badName(v), 'must be free of NUL characters (U+0000) and lone UTF-16 surrogates');

/** An integer that fits an int4 column. */
export const int4 = () => z.number().int().min(-INT4_MAX - 1).max(INT4_MAX);

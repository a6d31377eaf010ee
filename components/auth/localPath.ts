// The guard on a `next` parameter (sign-in, invitation): only a path on this site, so a link
// cannot send someone elsewhere after they sign in. Pure: string in, safe path out ('/' when not).
//
// Browsers remove tab, LF and CR anywhere in a URL and read '\' as '/' (WHATWG URL), so
// '/\t/evil.example' is '//evil.example', another host. Checking the prefix is not enough: a
// path is refused when it holds any control character, space-like separator or backslash, when
// it (or its percent-decoded form) starts with two slashes, and when resolving it against a
// placeholder origin lands anywhere else.
const BASE = 'http://evoscope.invalid';

const unsafe = (s: string) => /[\u0000-\u0020\u007f-\u00a0\\]/.test(s) || /^\/[/\\]/.test(s);

function decoded(p: string): string | null {
  try {
    return decodeURIComponent(p);
  } catch {
    return null;
  }
}

export function localPath(p: string | null | undefined): string {
  if (!p || !p.startsWith('/') || unsafe(p)) return '/';
  const plain = decoded(p);
  if (plain === null || unsafe(plain)) return '/';
  let url: URL;
  try {
    url = new URL(p, BASE);
  } catch {
    return '/';
  }
  return url.origin === BASE ? p : '/';
}

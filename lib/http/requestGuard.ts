// Which requests Evoscope answers at all: the one policy against cross-site writes and DNS
// rebinding, applied to every API route by `handle()` (lib/http/handler.ts) and to every page by
// proxy.ts. Pure: headers and an allow-list in, a refusal (or null) out.
//
// 1. Host (every request, ingestion included). A page on evil.example whose DNS name is rebound
//    to 127.0.0.1 talks to us "same-origin" as far as the browser knows; only the Host header
//    still says evil.example. So Host must name this server: a loopback name or the HOST it
//    binds, at PORT, or an entry of EVOSCOPE_ALLOWED_HOSTS (a name behind a reverse proxy).
// 2. Origin (state-changing methods, /api/ingest/** aside: those carry a bearer token that a
//    foreign page cannot know). Browsers send Sec-Fetch-Site and Origin with every cross-origin
//    write; a request is refused when Sec-Fetch-Site says cross-site / same-site, or when Origin
//    is present and is not this very host. Requests with neither header (curl, the CLI, scripts)
//    are not from a browser page and pass: a loopback instance must stay scriptable.
export interface AllowList {
  /** Port the server listens on (PORT). */
  port: number;
  /** Host names accepted at `port` (lower case, IPv6 without brackets). */
  names: Set<string>;
  /** EVOSCOPE_ALLOWED_HOSTS entries: `name` (any port) or `name:port`; `*` accepts any host. */
  extra: Set<string>;
}

export interface GuardedRequest {
  method: string;
  pathname: string;
  host: string | null;
  origin: string | null;
  secFetchSite: string | null;
}

export interface Refusal {
  status: number;
  error: string;
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const WILDCARD_BINDS = new Set(['0.0.0.0', '::', '[::]', '']);
const LOOPBACK = ['localhost', '127.0.0.1', '::1'];

/** `host[:port]` -> lower-case name (no brackets) and port, or null when malformed. */
export function parseHost(value: string, defaultPort: number): { name: string; port: number } | null {
  const m = /^(\[[0-9a-f:.]+\]|[a-z0-9.-]+)(?::(\d{1,5}))?$/i.exec(value.trim());
  if (!m) return null;
  return { name: m[1].replace(/^\[|\]$/g, '').toLowerCase(), port: m[2] ? Number(m[2]) : defaultPort };
}

/**
 * The allow-list from the environment. `hostNames` are the machine's own names and addresses,
 * accepted when the server binds every interface (HOST=0.0.0.0), since clients then reach it by
 * any of them.
 */
export function allowListFrom(env: { HOST?: string; PORT?: string; EVOSCOPE_ALLOWED_HOSTS?: string }, hostNames: () => string[]): AllowList {
  const port = Number(env.PORT) || 3000;
  const bind = (env.HOST ?? '127.0.0.1').trim().toLowerCase();
  const names = new Set(LOOPBACK);
  if (WILDCARD_BINDS.has(bind)) for (const n of hostNames()) names.add(n.toLowerCase());
  else names.add(bind.replace(/^\[|\]$/g, ''));
  const extra = new Set(
    (env.EVOSCOPE_ALLOWED_HOSTS ?? '')
      .split(',')
      .map((s) => s.trim().toLowerCase())
      .filter(Boolean),
  );
  return { port, names, extra };
}

function hostAllowed(host: string, allow: AllowList): boolean {
  if (allow.extra.has('*')) return true;
  const h = parseHost(host, 80);
  if (!h) return false;
  const withPort = h.name.includes(':') ? `[${h.name}]:${h.port}` : `${h.name}:${h.port}`;
  if (allow.extra.has(h.name) || allow.extra.has(`[${h.name}]`) || allow.extra.has(withPort)) return true;
  return allow.names.has(h.name) && h.port === allow.port;
}

/** Null when the request may proceed; otherwise the status and the message to answer with. */
export function checkRequest(req: GuardedRequest, allow: AllowList): Refusal | null {
  if (!req.host || !hostAllowed(req.host, allow)) {
    return {
      status: 403,
      error: `host "${req.host ?? ''}" is not allowed: Evoscope answers requests to this machine's own names only (add the name to EVOSCOPE_ALLOWED_HOSTS to serve it)`,
    };
  }
  if (SAFE_METHODS.has(req.method.toUpperCase()) || /^\/api\/ingest(\/|$)/.test(req.pathname)) return null;
  const site = req.secFetchSite?.toLowerCase();
  if (site === 'cross-site' || site === 'same-site') {
    return { status: 403, error: 'cross-site request refused: changes can only be made from Evoscope\'s own pages or without a browser' };
  }
  if (req.origin !== null) {
    let originHost: string | null = null;
    try {
      originHost = req.origin === 'null' ? null : new URL(req.origin).host.toLowerCase();
    } catch {
      originHost = null;
    }
    if (originHost === null || originHost !== req.host.toLowerCase()) {
      return { status: 403, error: `cross-origin request from ${req.origin} refused: changes can only be made from Evoscope's own pages` };
    }
  }
  return null;
}

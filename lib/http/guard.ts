// The request guard (requestGuard.ts) wired to this process: the allow-list from HOST, PORT and
// EVOSCOPE_ALLOWED_HOSTS (read once per distinct value), applied to a fetch Request.
import os from 'node:os';
import { allowListFrom, checkRequest, type AllowList } from './requestGuard';

let cached: { key: string; allow: AllowList } | null = null;

function machineNames(): string[] {
  const addresses = Object.values(os.networkInterfaces()).flatMap((list) => (list ?? []).map((a) => a.address));
  return [os.hostname(), ...addresses];
}

export function currentAllowList(): AllowList {
  const env = { HOST: process.env.HOST, PORT: process.env.PORT, EVOSCOPE_ALLOWED_HOSTS: process.env.EVOSCOPE_ALLOWED_HOSTS };
  const key = JSON.stringify(env);
  if (cached?.key !== key) cached = { key, allow: allowListFrom(env, machineNames) };
  return cached.allow;
}

/** A 403 JSON response when the request must not be served, else null. */
export function refuseForeignRequest(req: Request): Response | null {
  const refusal = checkRequest(
    {
      method: req.method,
      pathname: new URL(req.url).pathname,
      host: req.headers.get('host'),
      origin: req.headers.get('origin'),
      secFetchSite: req.headers.get('sec-fetch-site'),
    },
    currentAllowList(),
  );
  return refusal ? Response.json({ error: refusal.error }, { status: refusal.status }) : null;
}

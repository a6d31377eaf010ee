// Evoscope's own settings (table settings): small JSON values by key.
import crypto from 'node:crypto';
import { prisma } from './client';

export async function getSetting<T>(key: string): Promise<T | null> {
  const row = await prisma().setting.findUnique({ where: { key } });
  return (row?.value as T | undefined) ?? null;
}

export async function setSetting(key: string, value: unknown) {
  const v = value as object;
  await prisma().setting.upsert({ where: { key }, create: { key, value: v }, update: { value: v } });
}

const INGEST_TOKEN = 'ingest.token';

const newToken = () => `evo_${crypto.randomBytes(24).toString('base64url')}`;

/** The bearer token for HTTP ingestion, generated on first use. */
export async function ingestToken(): Promise<string> {
  const existing = await getSetting<string>(INGEST_TOKEN);
  if (existing) return existing;
  // Insert-if-absent, so two first requests agree on one token.
  await prisma().setting.createMany({ data: [{ key: INGEST_TOKEN, value: newToken() }], skipDuplicates: true });
  return (await getSetting<string>(INGEST_TOKEN))!;
}

export async function regenerateIngestToken(): Promise<string> {
  const token = newToken();
  await setSetting(INGEST_TOKEN, token);
  return token;
}

/** Constant-time comparison of an Authorization header with the token. */
export async function isAuthorised(authorization: string | null): Promise<boolean> {
  const m = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '');
  if (!m) return false;
  const expected = Buffer.from(await ingestToken());
  const given = Buffer.from(m[1]);
  return given.length === expected.length && crypto.timingSafeEqual(given, expected);
}

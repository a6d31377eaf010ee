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

/**
 * Constant-time comparison of a bearer secret with the single-user ingestion token. Only asked
 * in single-user mode (lib/http/auth/actor.ts): when the first owner is created the token becomes that
 * owner's personal API token (lib/services/accounts/users.ts) and this setting is removed.
 */
export async function isLegacyIngestToken(secret: string): Promise<boolean> {
  const expected = Buffer.from(await ingestToken());
  const given = Buffer.from(secret);
  return given.length === expected.length && crypto.timingSafeEqual(given, expected);
}

// Environment variables, validated once. DATABASE_URL is set by the start/test scripts
// (embedded PostgreSQL) or by the user (an existing database).
import path from 'node:path';
import { z } from 'zod';

const schema = z.object({
  DATABASE_URL: z.string().regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must be a postgresql:// URL'),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
});

export function databaseUrl(): string {
  const parsed = schema.shape.DATABASE_URL.safeParse(process.env.DATABASE_URL);
  if (!parsed.success) {
    throw new Error('DATABASE_URL is not set: run Evoscope through `npm start` / `npm run evoscope`, or point DATABASE_URL at a PostgreSQL database.');
  }
  return parsed.data;
}

export function port(): number {
  return schema.shape.PORT.parse(process.env.PORT);
}

const UNIT = { '': 1, k: 1024, m: 1024 ** 2, g: 1024 ** 3, t: 1024 ** 4 } as const;

/** A byte size: plain bytes (21474836480) or with a binary unit (500M, 20G, 20GiB, 1T). */
export const byteSizeSchema = z
  .string()
  .trim()
  .regex(/^\d+(\.\d+)?\s*([kmgt]i?)?b?$/i, 'expected a size such as 21474836480, 500M, 20G or 1T')
  .transform((v) => {
    const [, num, unit = ''] = /^([\d.]+)\s*([kmgt]?)/i.exec(v)!;
    return Math.floor(Number(num) * UNIT[unit.toLowerCase() as keyof typeof UNIT]);
  })
  .pipe(z.number().int().positive('must be more than 0 bytes').max(Number.MAX_SAFE_INTEGER));

/** Largest upload accepted (all files of one import together): EVOSCOPE_MAX_UPLOAD_BYTES, 20 GiB by default. */
export function maxUploadBytes(): number {
  const raw = process.env.EVOSCOPE_MAX_UPLOAD_BYTES;
  if (raw === undefined || raw.trim() === '') return 20 * UNIT.g;
  const r = byteSizeSchema.safeParse(raw);
  if (!r.success) throw new Error(`EVOSCOPE_MAX_UPLOAD_BYTES=${JSON.stringify(raw)} is not a size: ${r.error.issues[0].message}`);
  return r.data;
}

export function dataDir() {
  return path.resolve(process.env.EVOSCOPE_DATA_DIR ?? path.join(process.cwd(), '.evoscope'));
}

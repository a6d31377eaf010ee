// Environment variables, validated once. DATABASE_URL is set by the start/test scripts
// (embedded PostgreSQL) or by the user (an existing database).
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

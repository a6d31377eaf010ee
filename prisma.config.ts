// Prisma CLI configuration. Prisma 6 would otherwise try to download its native schema engine;
// the WASM ("js") engine with the pg driver adapter works offline. Evoscope applies migrations
// itself (lib/runtime/migrate.ts); the CLI is used only to generate the client and to diff schemas.
import { defineConfig } from 'prisma/config';
import { PrismaPg } from '@prisma/adapter-pg';

export default defineConfig({
  schema: 'prisma/schema.prisma',
  experimental: { adapter: true },
  engine: 'js',
  adapter: async () => new PrismaPg({ connectionString: process.env.DATABASE_URL ?? 'postgresql://localhost:5432/unused' }),
});

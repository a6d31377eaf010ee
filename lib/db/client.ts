// The Prisma client (driver-adapter engine: pure TypeScript, no native query engine) and a
// raw pg pool for bulk writes. One instance per process; Next's dev server reloads modules,
// so the instances live on globalThis.
import { PrismaPg } from '@prisma/adapter-pg';
import pg from 'pg';
import { PrismaClient } from './generated/client';
import { databaseUrl } from '../contracts/env';

const g = globalThis as unknown as { __evoscopePrisma?: PrismaClient; __evoscopePool?: pg.Pool };

export function prisma(): PrismaClient {
  if (!g.__evoscopePrisma) {
    g.__evoscopePrisma = new PrismaClient({ adapter: new PrismaPg({ connectionString: databaseUrl() }) });
  }
  return g.__evoscopePrisma;
}

export function pool(): pg.Pool {
  if (!g.__evoscopePool) {
    const p = new pg.Pool({ connectionString: databaseUrl(), max: 10 });
    // An idle connection dropped by the server (PostgreSQL restarting) is an 'error' event on the
    // pool; unhandled, it kills the process. The pool discards that client and opens a new one on
    // the next query, so there is nothing to do but note it.
    p.on('error', (e) => process.stderr.write(`[db] an idle database connection was lost: ${e.message}\n`));
    g.__evoscopePool = p;
  }
  return g.__evoscopePool;
}

export async function disconnect() {
  await g.__evoscopePrisma?.$disconnect();
  await g.__evoscopePool?.end();
  g.__evoscopePrisma = undefined;
  g.__evoscopePool = undefined;
}

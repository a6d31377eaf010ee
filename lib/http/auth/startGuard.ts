// Refuse to serve a public address with nobody to sign in: on a non-loopback HOST with no account,
// anyone reaching the port could do anything. Asked by `npm start` (cli/start.ts) and by
// cli/serve.ts before the web server starts; the message names the command that fixes it.
import { prisma } from '../../db/client';
import { isLoopbackHost, publicWithoutAccountMessage } from './mode';

/** Null when starting is fine; else why not and what to do. */
export async function publicStartRefusal(host: string | undefined = process.env.HOST): Promise<string | null> {
  if (isLoopbackHost(host)) return null;
  const someone = await prisma().user.findFirst({ where: { disabled: false, role: 'owner' }, select: { id: true } });
  return someone ? null : publicWithoutAccountMessage(host ?? '');
}

// A real HTTP server in the test process that hands each request to an App Router route
// handler as Next does: the body stays a stream (Readable.toWeb) and is read only if the handler
// reads it. `bytesRead()` counts the body bytes the server pulled off the socket, which is what
// a body limit must keep small.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { NextRequest } from 'next/server';

type Handler = (req: NextRequest, ctx: { params: Promise<Record<string, string>> }) => Promise<Response>;

export interface RouteServer {
  url: string;
  bytesRead(): number;
  close(): Promise<void>;
}

/**
 * The request body as a web stream, pulled chunk by chunk. Cancelling it stops reading but leaves
 * the socket open until the answer is written: destroying it at once (as Readable.toWeb's cancel
 * does) can make the client fail with EPIPE before it reads the answer.
 */
function bodyStream(req: http.IncomingMessage): ReadableStream<Uint8Array> {
  const it = req[Symbol.asyncIterator]();
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const { done, value } = await it.next();
      if (done) controller.close();
      else controller.enqueue(new Uint8Array(value as Buffer));
    },
    cancel() {
      req.pause();
    },
  });
}

/** Which handler answers a path, and its route params; null for 404. */
export type Router = (pathname: string) => { handler: Handler; params: Record<string, string> } | null;

/** Serves `route` on 127.0.0.1 and sets PORT to its port (the request guard reads it). */
export async function serveRoutes(route: Router): Promise<RouteServer> {
  let read = 0;
  const server = http.createServer(async (req, res) => {
    req.on('data', (c: Buffer) => (read += c.length));
    req.pause();
    const port = (server.address() as AddressInfo).port;
    const found = route(new URL(req.url ?? '/', 'http://x').pathname);
    if (!found) {
      res.writeHead(404).end();
      return;
    }
    const { handler, params } = found;
    const hasBody = req.method !== 'GET' && req.method !== 'HEAD';
    const headers = new Headers();
    for (const [k, v] of Object.entries(req.headers)) if (typeof v === 'string') headers.set(k, v);
    const nreq = new NextRequest(`http://127.0.0.1:${port}${req.url}`, {
      method: req.method,
      headers,
      body: hasBody ? bodyStream(req) : undefined,
      duplex: 'half',
    } as ConstructorParameters<typeof NextRequest>[1]);
    const out = await handler(nreq, { params: Promise.resolve(params) });
    // The connection stays open, unread: closing a socket with unread data sends a reset, which
    // can reach the client before it reads the answer. Clients close it once answered.
    res.writeHead(out.status, { 'content-type': out.headers.get('content-type') ?? 'application/json' });
    res.end(Buffer.from(await out.arrayBuffer()));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  process.env.PORT = String(port);
  return {
    url: `http://127.0.0.1:${port}`,
    bytesRead: () => read,
    close: () => new Promise((resolve) => { server.closeAllConnections(); server.close(() => resolve()); }),
  };
}

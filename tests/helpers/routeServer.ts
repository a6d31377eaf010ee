// A real HTTP server in the test process that hands each request to an App Router route
// handler as Next does: the body stays a stream (Readable.toWeb) and is read only if the handler
// reads it. `bytesRead()` counts the body bytes the server pulled off the socket, which is what
// a body limit must keep small.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import { NextRequest } from 'next/server';

type Handler = (req: NextRequest, ctx: { params: Promise<Record<string, string>> }) => Promise<Response>;

export interface RouteServer {
  url: string;
  bytesRead(): number;
  close(): Promise<void>;
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
      body: hasBody ? (Readable.toWeb(req) as ReadableStream<Uint8Array>) : undefined,
      duplex: 'half',
    } as ConstructorParameters<typeof NextRequest>[1]);
    const out = await handler(nreq, { params: Promise.resolve(params) });
    res.writeHead(out.status, { 'content-type': out.headers.get('content-type') ?? 'application/json', connection: 'close' });
    res.end(Buffer.from(await out.arrayBuffer()));
    // What Node does after answering a request whose body was not read: drop the connection.
    req.destroy();
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

// Preloaded into `next start` (node --require, cli/serve.ts): answers TRACE and TRACK with
// 405 before Next sees them. Next builds a fetch Request for every request (for the proxy or a
// route handler) and the fetch standard forbids these methods, so Next itself can only fail with
// a 500 ("'TRACE' HTTP method is unsupported") on every path (issue 15 item 8); neither
// next.config nor proxy.ts runs early enough to answer. CONNECT never reaches a request handler.
// It also stamps each request with the socket's client address (x-evoscope-client-ip).
'use strict';
const http = require('node:http');

const REFUSED = new Set(['TRACE', 'TRACK']);
const ALLOW = 'GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE';
const BODY = JSON.stringify({ error: 'method not allowed' });
const CLIENT_IP_HEADER = 'x-evoscope-client-ip';

function refuse(res) {
  res.writeHead(405, {
    Allow: ALLOW,
    'Content-Type': 'application/json',
    'Content-Length': Buffer.byteLength(BODY),
    'Content-Security-Policy': "default-src 'none'; frame-ancestors 'none'",
    'X-Frame-Options': 'DENY',
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'same-origin',
  });
  res.end(BODY);
}

const createServer = http.createServer;
http.createServer = function guardedCreateServer(...args) {
  const server = createServer.apply(this, args);
  const emit = server.emit;
  server.emit = function (event, req, res) {
    if (event === 'request' && REFUSED.has(req.method)) {
      refuse(res);
      return true;
    }
    // The client's address as the socket says, overwriting whatever the client sent under this
    // name: sign-in rate limiting keys on it (lib/db/betterAuth.ts). X-Forwarded-For cannot serve:
    // Next keeps a client-sent one, so rotating it would dodge the limit.
    if (event === 'request') req.headers[CLIENT_IP_HEADER] = req.socket.remoteAddress || '';
    return emit.apply(this, arguments);
  };
  return server;
};

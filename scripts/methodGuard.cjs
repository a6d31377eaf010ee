// Preloaded into `next start` (node --require, scripts/serve.ts): answers TRACE and TRACK with
// 405 before Next sees them. Next builds a fetch Request for every request (for the proxy or a
// route handler) and the fetch standard forbids these methods, so Next itself can only fail with
// a 500 ("'TRACE' HTTP method is unsupported") on every path (issue 15 item 8); neither
// next.config nor proxy.ts runs early enough to answer. CONNECT never reaches a request handler.
'use strict';
const http = require('node:http');

const REFUSED = new Set(['TRACE', 'TRACK']);
const ALLOW = 'GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE';
const BODY = JSON.stringify({ error: 'method not allowed' });

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
    return emit.apply(this, arguments);
  };
  return server;
};

// Security headers sent with every response (next.config.ts headers()). The Content-Security-
// Policy allows only this app's own origin: no third-party script, style, font, image, frame or
// connection, and no page may frame the app (clickjacking). Two allowances, and why:
// - 'unsafe-inline' for scripts: Next's App Router writes its flight data and bootstrap as inline
//   <script> tags. A nonce would replace it only if every page were rendered per request (a
//   prerendered page cannot carry a per-request nonce) with the proxy minting the nonce.
// - 'unsafe-inline' for styles: monaco, sigma and React's style={...} props set inline styles.
// Workers: monaco's come from /_next/static (same origin); blob: covers workers built from a
// Blob URL. 'unsafe-eval' only under `next dev` (React's fast refresh needs it).

export function contentSecurityPolicy(dev = process.env.NODE_ENV === 'development'): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'unsafe-inline'${dev ? " 'unsafe-eval'" : ''}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "worker-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

export function securityHeaders(): { key: string; value: string }[] {
  return [
    { key: 'Content-Security-Policy', value: contentSecurityPolicy() },
    { key: 'X-Frame-Options', value: 'DENY' },
    { key: 'X-Content-Type-Options', value: 'nosniff' },
    { key: 'Referrer-Policy', value: 'same-origin' },
    { key: 'Cross-Origin-Opener-Policy', value: 'same-origin' },
  ];
}

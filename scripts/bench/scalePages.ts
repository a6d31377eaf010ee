// The page half of the scale benchmark (scripts/bench/scale.ts): a run's pages loaded in headless
// Chromium (Debian's, as the e2e suite uses it), each load in a fresh context (nothing cached).
// Two figures per load: `networkIdleMs`, from navigation start to the end of the last response
// (the moment the network went quiet: what "to network idle" means, without Playwright's own
// 500 ms quiet window), and `readyMs`, when the page's main view says it is drawn (a
// data-state="ready" element) where the page has one.
import { chromium, type Browser } from '@playwright/test';

export interface PageFigures {
  page: string;
  loads: number;
  medianNetworkIdleMs: number;
  medianReadyMs: number | null;
  requests: number;
  transferKB: number;
  each: { networkIdleMs: number; readyMs: number | null; wallMs: number }[];
  /** The last load's requests that ended latest: what the page waited for (ms since navigation start). */
  lastToEnd: { url: string; startMs: number; endMs: number; kB: number }[];
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

export async function launch(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox', '--disable-gpu', '--use-angle=swiftshader', '--enable-unsafe-swiftshader', '--disable-background-networking',
      '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic',
    ],
  });
}

/** Loads `url` `loads` times; `ready` is a CSS selector of the drawn main view (or null). */
export async function measurePage(browser: Browser, name: string, url: string, ready: string | null, loads = 3): Promise<PageFigures> {
  const each: PageFigures['each'] = [];
  let requests = 0;
  let transfer = 0;
  let lastToEnd: PageFigures['lastToEnd'] = [];
  for (let k = 0; k < loads; k++) {
    const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
    const page = await context.newPage();
    const t = performance.now();
    await page.goto(url, { waitUntil: 'commit', timeout: 180_000 });
    // Ready: read off the page's own clock (ms since navigation start) as soon as the element is there.
    let readyMs: number | null = null;
    if (ready) {
      await page.locator(ready).first().waitFor({ timeout: 180_000 });
      readyMs = Math.round(Number(await page.evaluate('performance.now()')));
    }
    await page.waitForLoadState('networkidle', { timeout: 180_000 });
    const wallMs = performance.now() - t;
    // A string, not a function: tsx would wrap named closures in a helper the page lacks.
    const m = (await page.evaluate(`(() => {
      const nav = performance.getEntriesByType('navigation')[0];
      const res = performance.getEntriesByType('resource');
      const ends = res.map((r) => r.responseEnd).concat(nav ? [nav.responseEnd, nav.loadEventEnd] : []);
      return {
        networkIdleMs: Math.max(0, ...ends),
        requests: res.length + 1,
        transfer: res.reduce((s, r) => s + (r.transferSize || 0), nav ? nav.transferSize : 0),
        lastToEnd: res.concat(nav ? [nav] : []).sort((a, b) => b.responseEnd - a.responseEnd).slice(0, 6).map((r) => ({
          url: r.name.replace(location.origin, ''), startMs: Math.round(r.startTime), endMs: Math.round(r.responseEnd), kB: Math.round((r.transferSize || 0) / 1024),
        })),
      };
    })()`)) as { networkIdleMs: number; requests: number; transfer: number; lastToEnd: PageFigures['lastToEnd'] };
    each.push({ networkIdleMs: Math.round(m.networkIdleMs), readyMs, wallMs: Math.round(wallMs) });
    requests = m.requests;
    transfer = m.transfer;
    lastToEnd = m.lastToEnd;
    await context.close();
  }
  return {
    page: name,
    loads,
    medianNetworkIdleMs: median(each.map((e) => e.networkIdleMs)),
    medianReadyMs: ready ? median(each.map((e) => e.readyMs!)) : null,
    requests,
    transferKB: Math.round(transfer / 1024),
    each,
    lastToEnd,
  };
}

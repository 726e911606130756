// `npm run bench:web`: Lighthouse (mobile defaults) on / of the built site, started on a free port
// with a fresh data folder, and the gzip size of the JavaScript and CSS that / loads.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { buildIfStale } from './build-if-stale.mjs';

const root = new URL('..', import.meta.url).pathname;
const CHROME_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const TARGETS = {
  performance: 95,
  accessibility: 100,
  'best-practices': 100,
  seo: 100,
  cls: 0.05,
  jsKb: 100,
};

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

async function waitForHealth(url, server, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`the server exited with ${server.exitCode}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`no answer from ${url} within ${timeoutMs / 1000} s`);
}

/** Gzip size (level 9 is what a CDN would use; default level is close) of each resource. */
async function gzipKb(urls) {
  let total = 0;
  for (const url of urls) {
    const body = Buffer.from(await (await fetch(url)).arrayBuffer());
    total += gzipSync(body).length;
  }
  return total / 1024;
}

buildIfStale();
const port = await freePort();
const origin = `http://127.0.0.1:${port}`;
const dataDir = mkdtempSync(join(tmpdir(), 'consult-bench-web-'));
const server = spawn(process.execPath, [join(root, 'apps/server/dist/server.js')], {
  cwd: root,
  stdio: ['ignore', 'ignore', 'inherit'],
  env: {
    ...process.env,
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    APP_URL: origin,
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    SMTP_URL: '',
    LOG_LEVEL: 'warn',
  },
});

let chrome;
try {
  await waitForHealth(`${origin}/api/health`, server);
  chrome = await chromeLauncher.launch({
    chromePath: CHROME_PATH,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'],
  });
  const result = await lighthouse(`${origin}/`, {
    port: chrome.port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
  });
  const { categories, audits } = result.lhr;
  const requests = audits['network-requests'].details.items;
  const scripts = requests.filter((r) => r.resourceType === 'Script').map((r) => r.url);
  const styles = requests.filter((r) => r.resourceType === 'Stylesheet').map((r) => r.url);
  const jsKb = await gzipKb(scripts);
  // The rendered pages inline their CSS: count it from the HTML too.
  const html = await (await fetch(`${origin}/`)).text();
  const inlineCss = [...html.matchAll(/<style>([\s\S]*?)<\/style>/g)].map((m) => m[1]).join('');
  const cssKb = (await gzipKb(styles)) + (inlineCss ? gzipSync(inlineCss).length / 1024 : 0);
  const score = (id) => Math.round(categories[id].score * 100);
  const cls = audits['cumulative-layout-shift'].numericValue;
  const rows = [
    [
      'Performance',
      score('performance'),
      `≥ ${TARGETS.performance}`,
      score('performance') >= TARGETS.performance,
    ],
    [
      'Accessibility',
      score('accessibility'),
      `${TARGETS.accessibility}`,
      score('accessibility') >= TARGETS.accessibility,
    ],
    [
      'Best practices',
      score('best-practices'),
      `${TARGETS['best-practices']}`,
      score('best-practices') >= TARGETS['best-practices'],
    ],
    ['SEO', score('seo'), `${TARGETS.seo}`, score('seo') >= TARGETS.seo],
    [
      'LCP',
      `${(audits['largest-contentful-paint'].numericValue / 1000).toFixed(2)} s`,
      '',
      undefined,
    ],
    ['TBT', `${Math.round(audits['total-blocking-time'].numericValue)} ms`, '', undefined],
    ['CLS', cls.toFixed(3), `< ${TARGETS.cls}`, cls < TARGETS.cls],
    [
      `JavaScript (${scripts.length} files, gzip)`,
      `${jsKb.toFixed(1)} KB`,
      `≤ ${TARGETS.jsKb} KB`,
      jsKb <= TARGETS.jsKb,
    ],
    [
      `CSS (${styles.length} files${inlineCss ? ' + inline' : ''}, gzip)`,
      `${cssKb.toFixed(1)} KB`,
      '',
      undefined,
    ],
  ];
  console.log(`\nLighthouse ${result.lhr.lighthouseVersion} on ${origin}/ (mobile defaults)\n`);
  for (const [name, value, target, met] of rows) {
    const verdict = met === undefined ? '' : met ? 'met' : 'NOT MET';
    console.log(
      `${name.padEnd(30)} ${String(value).padStart(10)}   ${target.padEnd(10)} ${verdict}`,
    );
  }
  if (process.env.BENCH_VERBOSE) {
    for (const item of audits['bootup-time'].details?.items ?? []) {
      console.log(
        `  bootup ${item.url}: ${Math.round(item.total)} ms (script ${Math.round(item.scripting)} ms)`,
      );
    }
    for (const item of audits['long-tasks'].details?.items ?? []) {
      console.log(
        `  long task ${item.url}: ${Math.round(item.duration)} ms at ${Math.round(item.startTime)} ms`,
      );
    }
  }
  const failing = Object.values(audits).filter(
    (audit) => audit.score !== null && audit.score < 1 && audit.scoreDisplayMode === 'binary',
  );
  if (failing.length) {
    console.log(`\nFailed checks: ${failing.map((audit) => audit.id).join(', ')}`);
  }
} finally {
  await chrome?.kill();
  server.kill('SIGTERM');
  await new Promise((resolve) => server.once('exit', resolve));
  rmSync(dataDir, { recursive: true, force: true });
}

// `npm run bench:web`: Lighthouse (mobile defaults) on each public page of the built site, started
// on a free port with a fresh data folder: three runs per page (a run that fails is tried again),
// the median of each figure, and the gzip size of the JavaScript and CSS that / loads.
import { execSync, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { buildIfStale } from './build-if-stale.mjs';

const root = new URL('..', import.meta.url).pathname;
const CHROME_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const ALL_PAGES = ['/', '/consultation', '/signin', '/terms-and-conditions'];
/** BENCH_WEB_PAGES=/consultation,/signin measures some of them. */
const PAGES = process.env.BENCH_WEB_PAGES?.split(',') ?? ALL_PAGES;
const RUNS = Number(process.env.BENCH_WEB_RUNS ?? 3);
/** A run that throws or lacks a figure (one crashed reading CLS) is tried again, this many times. */
const RETRIES = 2;
const TARGETS = {
  performance: 100,
  accessibility: 100,
  'best-practices': 100,
  seo: 100,
  cls: 0.05,
  /** LCP of / only, in seconds. */
  homeLcp: 1.2,
  jsKb: 70,
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

/** Gzip size in KB of each resource (the default level; the build's level 9 is within 1 %). */
async function gzipSizes(urls) {
  const sizes = [];
  for (const url of urls) {
    const body = Buffer.from(await (await fetch(url)).arrayBuffer());
    sizes.push({ url, kb: gzipSync(body).length / 1024 });
  }
  return sizes;
}

const sum = (sizes) => sizes.reduce((total, size) => total + size.kb, 0);

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

const loadAverage = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');

/** The figures of one Lighthouse run; throws when the run failed or a figure is missing. */
function figuresOf(lhr) {
  if (lhr.runtimeError) throw new Error(`${lhr.runtimeError.code}: ${lhr.runtimeError.message}`);
  const score = (id) => {
    const value = lhr.categories[id]?.score;
    if (typeof value !== 'number') throw new Error(`no ${id} score`);
    return Math.round(value * 100);
  };
  const numeric = (id) => {
    const value = lhr.audits[id]?.numericValue;
    if (typeof value !== 'number') throw new Error(`no value for ${id}`);
    return value;
  };
  return {
    performance: score('performance'),
    lcp: numeric('largest-contentful-paint') / 1000,
    tbt: numeric('total-blocking-time'),
    cls: numeric('cumulative-layout-shift'),
    'best-practices': score('best-practices'),
    accessibility: score('accessibility'),
    seo: score('seo'),
  };
}

/** What a failed check reported, e.g. the kind of issue behind `inspector-issues`. */
function failedChecks(lhr) {
  return Object.values(lhr.audits)
    .filter(
      (audit) => audit.score !== null && audit.score < 1 && audit.scoreDisplayMode === 'binary',
    )
    .map((audit) => {
      const items = audit.details?.items ?? [];
      const kinds = items.map((item) => item.issueType ?? item.description ?? item.node?.snippet);
      const known = kinds.filter(Boolean);
      return known.length ? `${audit.id} (${[...new Set(known)].join('; ')})` : audit.id;
    });
}

async function runLighthouse(url, port) {
  let lastError;
  for (let attempt = 0; attempt <= RETRIES; attempt++) {
    try {
      const result = await lighthouse(url, {
        port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
      });
      if (!result) throw new Error('Lighthouse returned no result');
      return { lhr: result.lhr, figures: figuresOf(result.lhr) };
    } catch (error) {
      lastError = error;
      console.log(`  ${url}: run failed (${error.message}); trying again`);
    }
  }
  throw new Error(`${url}: ${RETRIES + 1} runs failed in a row`, { cause: lastError });
}

/** Where the main thread went in one run (BENCH_VERBOSE=1). */
function printTimings(page, run, lhr) {
  const figures = figuresOf(lhr);
  console.log(
    `${page} run ${run + 1}: performance ${figures.performance}, LCP ${figures.lcp.toFixed(2)} s, TBT ${Math.round(figures.tbt)} ms`,
  );
  for (const item of lhr.audits['bootup-time'].details?.items ?? []) {
    console.log(
      `  bootup ${item.url}: ${Math.round(item.total)} ms (script ${Math.round(item.scripting)} ms)`,
    );
  }
  for (const item of lhr.audits['long-tasks'].details?.items ?? []) {
    console.log(
      `  long task ${item.url}: ${Math.round(item.duration)} ms at ${Math.round(item.startTime)} ms`,
    );
  }
  const lcpElement =
    lhr.audits['largest-contentful-paint-element']?.details?.items?.[0]?.items?.[0];
  if (lcpElement?.node) console.log(`  LCP element: ${lcpElement.node.snippet}`);
}

function verdict(met) {
  return met ? 'met' : 'NOT MET';
}

buildIfStale();
const commit = execSync('git rev-parse --short HEAD', { cwd: root, encoding: 'utf8' }).trim();
const loadAtStart = loadAverage();
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
  const results = [];
  let version = '';
  let homeRequests = [];
  for (const page of PAGES) {
    const runs = [];
    const failed = new Set();
    for (let run = 0; run < RUNS; run++) {
      const { lhr, figures } = await runLighthouse(`${origin}${page}`, chrome.port);
      version = lhr.lighthouseVersion;
      runs.push(figures);
      failedChecks(lhr).forEach((check) => failed.add(check));
      if (page === '/' && run === 0) homeRequests = lhr.audits['network-requests'].details.items;
      if (process.env.BENCH_VERBOSE) printTimings(page, run, lhr);
    }
    const medians = Object.fromEntries(
      Object.keys(runs[0]).map((key) => [key, median(runs.map((figures) => figures[key]))]),
    );
    results.push({ page, runs, medians, failed: [...failed] });
  }

  if (!homeRequests.length) {
    const { lhr } = await runLighthouse(`${origin}/`, chrome.port);
    homeRequests = lhr.audits['network-requests'].details.items;
  }
  const scripts = await gzipSizes(
    homeRequests.filter((r) => r.resourceType === 'Script').map((r) => r.url),
  );
  const styles = await gzipSizes(
    homeRequests.filter((r) => r.resourceType === 'Stylesheet').map((r) => r.url),
  );
  // The rendered pages inline their CSS: count it from the HTML too.
  const html = await (await fetch(`${origin}/`)).text();
  const inlineCss = [...html.matchAll(/<style>([\s\S]*?)<\/style>/g)].map((m) => m[1]).join('');
  const cssKb = sum(styles) + (inlineCss ? gzipSync(inlineCss).length / 1024 : 0);
  const jsKb = sum(scripts);

  console.log(
    `\nLighthouse ${version} (mobile defaults), median of ${RUNS} runs per page, on ${origin}`,
  );
  console.log(`commit ${commit}; load average at start ${loadAtStart}, at end ${loadAverage()}\n`);
  const header = ['Page', 'Perf', 'LCP s', 'TBT ms', 'CLS', 'BP', 'A11y', 'SEO', 'Perf runs'];
  const widths = [22, 5, 6, 7, 6, 4, 5, 4, 12];
  const line = (cells) => cells.map((cell, i) => String(cell).padEnd(widths[i])).join(' ');
  console.log(line(header));
  for (const { page, runs, medians } of results) {
    console.log(
      line([
        page,
        medians.performance,
        medians.lcp.toFixed(2),
        Math.round(medians.tbt),
        medians.cls.toFixed(3),
        medians['best-practices'],
        medians.accessibility,
        medians.seo,
        runs.map((figures) => figures.performance).join(' '),
      ]),
    );
  }

  console.log('\nTargets');
  for (const { page, medians, failed } of results) {
    const misses = [];
    for (const id of ['performance', 'accessibility', 'best-practices', 'seo']) {
      if (medians[id] < TARGETS[id]) misses.push(`${id} ${medians[id]} < ${TARGETS[id]}`);
    }
    if (medians.cls >= TARGETS.cls) misses.push(`CLS ${medians.cls.toFixed(3)} ≥ ${TARGETS.cls}`);
    if (page === '/' && medians.lcp > TARGETS.homeLcp) {
      misses.push(`LCP ${medians.lcp.toFixed(2)} s > ${TARGETS.homeLcp} s`);
    }
    console.log(`${page.padEnd(22)} ${misses.length ? `NOT MET: ${misses.join(', ')}` : 'met'}`);
    if (failed.length) console.log(`${''.padEnd(22)} failed checks: ${failed.join(', ')}`);
  }
  console.log(
    `\nJavaScript for / (${scripts.length} files, gzip) ${jsKb.toFixed(1)} KB   ≤ ${TARGETS.jsKb} KB ${verdict(jsKb <= TARGETS.jsKb)}`,
  );
  for (const { url, kb } of scripts)
    console.log(`  ${kb.toFixed(1).padStart(5)} KB ${new URL(url).pathname}`);
  console.log(
    `CSS for / (${styles.length} files${inlineCss ? ' + inline' : ''}, gzip) ${cssKb.toFixed(1)} KB`,
  );
} finally {
  await chrome?.kill();
  server.kill('SIGTERM');
  await new Promise((resolve) => server.once('exit', resolve));
  rmSync(dataDir, { recursive: true, force: true });
}

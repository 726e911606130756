/**
 * Serves the built web app: hashed assets with long-lived caching, sent precompressed as the build
 * wrote them (docs/decisions/025-compression-and-asset-caching.md), and index.html for the app's
 * routes (status 404 for paths the app does not know, so crawlers see the truth). The public pages
 * (/, /consultation, /terms-and-conditions) are rendered on the server with the site content from
 * the database, so their first HTML already holds the text, title, description and Open Graph tags.
 */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join, sep } from 'node:path';
import { pathToFileURL } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import {
  API_BASE,
  FULL_STYLESHEET_ID,
  isKnownAppPath,
  paths,
  type SiteContent,
} from '@consult/shared';
import { criticalCss, type StylesheetIndex } from './critical-css';
import { escapeHtml } from './escape-html';
import { sendProblem } from './errors';

/** What apps/web/src/entry-server.tsx exports (built to apps/web/dist/server/entry-server.js). */
interface ServerEntry {
  render(
    url: string,
    site: SiteContent,
  ): Promise<{
    status: number;
    html: string;
    dataScript: string;
    meta: { title: string; description: string };
    entry: 'landing' | 'app';
  } | null>;
}

interface ManifestChunk {
  file: string;
  imports?: string[];
  isEntry?: boolean;
}
export type Manifest = Record<string, ManifestChunk>;

/** The pages rendered on the server (apps/web/src/app/public-routes.tsx, and /signin: decision 048). */
const RENDERED_PAGES: ReadonlySet<string> = new Set([
  paths.home,
  paths.consultation,
  paths.terms,
  paths.signIn,
]);

/** The landing page's own browser entry (docs/decisions/016-landing-entry.md). */
const LANDING_ENTRY = 'src/landing-main.tsx';

/**
 * The app's start-up, which index.html's small entry imports: at once on a page rendered in the
 * browser, which preloads it; after the first paint on a rendered page, which does not (decision 048).
 */
const APP_START = 'src/app/start.tsx';

const MODULE_PRELOAD = /<link rel="modulepreload"[^>]*>\s*/g;

export const HASHED_ASSET_CACHE_CONTROL = 'public, max-age=31536000, immutable';

const ROOT_ELEMENT = '<div id="root"></div>';
const TITLE_ELEMENT = /<title>[^<]*<\/title>/;
/** index.html's general description, for the pages rendered in the browser; a rendered page has its own. */
const DESCRIPTION_ELEMENT = /\s*<meta\s+name="description"[^>]*>/;

/** The files `modules` need, minus the entry chunk index.html already loads. */
function preloadFiles(manifest: Manifest, modules: string[]): string[] {
  const files = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || chunk.isEntry || files.has(chunk.file)) return;
    files.add(chunk.file);
    chunk.imports?.forEach(visit);
  };
  modules.forEach(visit);
  return [...files];
}

/**
 * index.html with the landing page's entry and its chunks in place of the app's script and
 * preloads; null when the build has no such entry (then / is rendered in the browser by the app).
 */
export function landingShell(indexHtml: string, manifest: Manifest): string | null {
  const entry = manifest[LANDING_ENTRY];
  if (!entry?.isEntry) return null;
  const files = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    chunk.imports?.forEach(visit);
  };
  entry.imports?.forEach(visit);
  const tags = [
    `<script type="module" crossorigin src="/${entry.file}"></script>`,
    ...[...files].map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`),
  ].join('\n    ');
  let placed = false;
  return indexHtml.replace(
    /<script type="module"[^>]*><\/script>\s*|<link rel="modulepreload"[^>]*>\s*/g,
    () => {
      if (placed) return '';
      placed = true;
      return `${tags}\n    `;
    },
  );
}

/**
 * The shell of a page rendered in the browser: index.html with preloads for the app's start-up
 * and its chunks (APP_START), which it needs before it shows anything.
 */
export function appShell(indexHtml: string, manifest: Manifest): string {
  const links = preloadFiles(manifest, [APP_START])
    .filter((file) => !indexHtml.includes(file))
    .map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`);
  return links.length
    ? indexHtml.replace('</head>', () => `  ${links.join('\n    ')}\n  </head>`)
    : indexHtml;
}

/**
 * The shell of a page rendered on the server and hydrated by the app: index.html without preloads.
 * The page is complete without scripts, and a preload would compete with it for the network; the
 * app's chunks are fetched after the first paint (decision 048).
 */
export function renderedAppShell(indexHtml: string): string {
  return indexHtml.replace(MODULE_PRELOAD, '');
}

function headTags(meta: { title: string; description: string }, canonicalUrl: string) {
  const title = escapeHtml(meta.title);
  const description = escapeHtml(meta.description);
  const url = escapeHtml(canonicalUrl);
  return [
    `<title>${title}</title>`,
    `<meta name="description" content="${description}" />`,
    `<link rel="canonical" href="${url}" />`,
    `<meta property="og:type" content="website" />`,
    `<meta property="og:title" content="${title}" />`,
    `<meta property="og:description" content="${description}" />`,
    `<meta property="og:url" content="${url}" />`,
    `<meta name="twitter:card" content="summary" />`,
  ].join('\n    ');
}

const STYLESHEET_LINK = /<link rel="stylesheet"[^>]*href="\/(assets\/[^"]+\.css)"[^>]*>/;

const styleElement = (css: string) => `<style>${css.replace(/<\/style/gi, '<\\/style')}</style>`;

/**
 * A rendered page carries the CSS of its first paint inline, so that paint needs no second request
 * (slow mobile networks), and only the rules the page uses (decision 070): the rest of the
 * stylesheet would cost a phone's CPU before that paint. The link to the whole stylesheet waits in
 * a template until the app starts. A build without the stylesheet's index inlines the whole of it.
 * The CSP allows inline styles.
 */
async function pageStylesheet(root: string, html: string): Promise<(page: string) => string> {
  const link = html.match(STYLESHEET_LINK);
  if (!link) return (page) => page;
  const indexFile = join(root, '.vite', 'stylesheet-index.json');
  const index = existsSync(indexFile)
    ? (JSON.parse(await readFile(indexFile, 'utf8')) as StylesheetIndex)
    : null;
  if (index && index.file === link[1]) {
    const later = `<template id="${FULL_STYLESHEET_ID}">${link[0]}</template>`;
    return (page) => page.replace(link[0], () => styleElement(criticalCss(index, page)) + later);
  }
  const inline = styleElement(await readFile(join(root, link[1]!), 'utf8'));
  return (page) => page.replace(link[0], () => inline);
}

/**
 * The server-rendering bundle, imported by the first page asked for (about 150 ms once): React's
 * server renderer and the pages are 13 MB that a server answering only the API never holds.
 */
function serverEntryLoader(file: string): (() => Promise<ServerEntry>) | null {
  if (!existsSync(file)) return null;
  let entry: Promise<ServerEntry> | null = null;
  return () => (entry ??= import(pathToFileURL(file).href) as Promise<ServerEntry>);
}

export interface WebAppOptions {
  root: string;
  /** The site's address, for canonical links and the render's URL. */
  appUrl: string;
  /**
   * Rendered pages kept until the site's content or services change: the availability cache,
   * which every such write clears (decision 017).
   */
  pageCache: <T>(key: string, now: Date, compute: () => Promise<{ value: T }>) => Promise<T>;
  /** The site as the pages show it (`app.ts` passes the site module's reader). */
  siteContent: () => Promise<SiteContent>;
}

export async function webAppPlugin(app: FastifyInstance, options: WebAppOptions) {
  const builtIndexHtml = await readFile(join(options.root, 'index.html'), 'utf8');
  const serverEntry = serverEntryLoader(join(options.root, '..', 'server', 'entry-server.js'));
  const manifestFile = join(options.root, '.vite', 'manifest.json');
  const manifest: Manifest = existsSync(manifestFile)
    ? (JSON.parse(await readFile(manifestFile, 'utf8')) as Manifest)
    : {};
  if (!serverEntry)
    app.log.warn('web app: no server-rendering bundle; pages render in the browser');
  const indexHtml = appShell(builtIndexHtml, manifest);
  const renderedHtml = renderedAppShell(builtIndexHtml);
  const withStyles = await pageStylesheet(options.root, renderedHtml);
  const landingHtml = landingShell(builtIndexHtml, manifest);

  const hashedAssets = join(options.root, 'assets', sep);
  await app.register(fastifyStatic, {
    root: options.root,
    wildcard: false,
    index: false,
    // The build writes `.br` and `.gz` beside each text file; the one Accept-Encoding prefers is sent.
    preCompressed: true,
    // Off, or the plugin's own `public, max-age=0` would replace the header set below.
    cacheControl: false,
    // The build manifest is for the server, not for visitors.
    allowedPath: (pathname) => !pathname.startsWith('/.vite/'),
    setHeaders(res, path) {
      // Files under assets/ carry a content hash in their name: a change is a new address.
      res.setHeader(
        'cache-control',
        path.startsWith(hashedAssets) ? HASHED_ASSET_CACHE_CONTROL : 'no-cache',
      );
    },
  });

  /** The rendered page, or null to fall back to the browser-rendered shell. */
  async function renderPage(
    pathname: string,
    search: string,
  ): Promise<{ status: number; html: string } | null> {
    if (!serverEntry || !RENDERED_PAGES.has(pathname)) return null;
    const [entry, site] = await Promise.all([serverEntry(), options.siteContent()]);
    const page = await entry.render(`${options.appUrl}${pathname}${search}`, site);
    if (!page) return null;
    const shell = page.entry === 'landing' ? landingHtml : renderedHtml;
    if (!shell) return null;
    const html = withStyles(
      shell
        .replace(DESCRIPTION_ELEMENT, '')
        .replace(TITLE_ELEMENT, () => headTags(page.meta, `${options.appUrl}${pathname}`))
        .replace(ROOT_ELEMENT, () => `<div id="root">${page.html}</div>${page.dataScript}`),
    );
    return { status: page.status, html };
  }

  app.get('/*', { schema: { hide: true } }, async (request, reply) => {
    const [rawPath = '/', query] = request.url.split('?');
    if (rawPath === API_BASE || rawPath.startsWith(`${API_BASE}/`)) {
      return sendProblem(reply, 404, `No such resource: GET ${rawPath}`);
    }
    const pathname = rawPath.length > 1 ? rawPath.replace(/\/+$/, '') : rawPath;
    let rendered: { status: number; html: string } | null = null;
    try {
      // A page is a function of its address and of the site's content and services, whose every
      // write clears the availability cache (decision 017): a page without a query is rendered
      // once per change (and at least every 30 s, for the footer's year), not once per visit.
      rendered = query
        ? await renderPage(pathname, `?${query}`)
        : await options.pageCache(`page ${pathname}`, new Date(), async () => ({
            value: await renderPage(pathname, ''),
          }));
    } catch (err) {
      // A failed render still serves the page: the browser renders it instead.
      request.log.error({ err }, 'server rendering failed');
    }
    return reply
      .code(rendered?.status ?? (isKnownAppPath(pathname) ? 200 : 404))
      .header('cache-control', 'no-cache')
      .type('text/html; charset=utf-8')
      .send(rendered?.html ?? indexHtml);
  });
}

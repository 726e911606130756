import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app';

/*
 * The answers as they travel: a web root laid out like `apps/web/dist` (hashed assets with the
 * `.br` and `.gz` copies the build writes, index.html, a server-rendering entry), served by the app.
 */
const SCRIPT = `export const greeting = ${JSON.stringify('Hello from a hashed chunk. '.repeat(200))};\n`;
const SCRIPT_PATH = '/assets/index-Ab12Cd34.js';
const INDEX_HTML = `<!doctype html>
<html lang="en">
  <head>
    <title>Consultant</title>
    <script type="module" crossorigin src="${SCRIPT_PATH}"></script>
    ${'<link rel="modulepreload" crossorigin href="/assets/chunk-Ef56Gh78.js">\n    '.repeat(16)}
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>
`;
const FAVICON = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 16 16"><rect width="16" height="16" fill="#123456"/></svg>\n`;
// Renders every public page as one long paragraph list: well above the 1 KB threshold.
const SERVER_ENTRY = `export async function render(url) {
  const items = Array.from({ length: 80 }, (_, i) => '<li>Service ' + i + ': plans and numbers</li>');
  return {
    status: 200,
    html: '<main data-rendered="' + new URL(url).pathname + '"><ul>' + items.join('') + '</ul></main>',
    dataScript: '',
    meta: { title: 'Rendered', description: 'A rendered page' },
    entry: 'app',
  };
}
`;

function writeWithCopies(file: string, content: string) {
  writeFileSync(file, content);
  writeFileSync(`${file}.br`, brotliCompressSync(content));
  writeFileSync(`${file}.gz`, gzipSync(content));
}

function decoded(res: LightMyRequestResponse): string {
  const encoding = res.headers['content-encoding'];
  if (encoding === 'br') return brotliDecompressSync(res.rawPayload).toString('utf8');
  if (encoding === 'gzip') return gunzipSync(res.rawPayload).toString('utf8');
  return res.rawPayload.toString('utf8');
}

function varyTokens(res: LightMyRequestResponse) {
  return String(res.headers.vary ?? '')
    .split(',')
    .map((token) => token.trim().toLowerCase());
}

describe('answers on the wire: caching and compression', () => {
  let t: TestApp;
  let webDist: string;

  beforeAll(async () => {
    webDist = mkdtempSync(join(tmpdir(), 'consult-web-dist-'));
    const client = join(webDist, 'client');
    mkdirSync(join(client, 'assets'), { recursive: true });
    mkdirSync(join(webDist, 'server'));
    writeWithCopies(join(client, SCRIPT_PATH), SCRIPT);
    writeWithCopies(join(client, 'favicon.svg'), FAVICON);
    writeFileSync(join(client, 'index.html'), INDEX_HTML);
    writeFileSync(join(webDist, 'server', 'entry-server.js'), SERVER_ENTRY);
    t = await createTestApp({ webRoot: client });
  });
  afterAll(async () => {
    await t.close();
    rmSync(webDist, { recursive: true, force: true });
  });

  const get = (url: string, acceptEncoding?: string) =>
    t.app.inject({
      method: 'GET',
      url,
      headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {},
    });

  it('caches hashed assets for a year as immutable, and revalidates other files', async () => {
    const asset = await get(SCRIPT_PATH);
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const favicon = await get('/favicon.svg');
    expect(favicon.statusCode).toBe(200);
    expect(favicon.headers['cache-control']).toBe('no-cache');
  });

  it.each(['br', 'gzip'])(
    'sends an asset precompressed as %s when the browser accepts it',
    async (encoding) => {
      const res = await get(SCRIPT_PATH, encoding === 'br' ? 'gzip, deflate, br' : 'gzip, deflate');
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(res.headers['content-type']).toMatch(/javascript/);
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(varyTokens(res)).toContain('accept-encoding');
      expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
      expect(res.rawPayload.length).toBeLessThan(SCRIPT.length / 4);
      expect(decoded(res)).toBe(SCRIPT);
      // The security headers stay on compressed answers.
      expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    },
  );

  it('sends the identity body to a request without Accept-Encoding, still saying it varies', async () => {
    for (const url of [SCRIPT_PATH, '/', '/api/site']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-encoding'], url).toBeUndefined();
      expect(varyTokens(res), url).toContain('accept-encoding');
    }
    expect((await get(SCRIPT_PATH)).body).toBe(SCRIPT);
    expect((await get(SCRIPT_PATH, 'identity')).headers['content-encoding']).toBeUndefined();
    expect((await get('/', 'identity')).headers['content-encoding']).toBeUndefined();
  });

  it.each(['br', 'gzip'])(
    'compresses the rendered pages and the app shell with %s',
    async (encoding) => {
      for (const url of ['/', '/consultation', '/terms-and-conditions', '/dash']) {
        const res = await get(url, encoding);
        expect(res.statusCode, url).toBe(200);
        expect(res.headers['content-encoding'], url).toBe(encoding);
        expect(res.headers['content-type'], url).toMatch(/^text\/html/);
        expect(res.headers['cache-control'], url).toBe('no-cache');
        expect(varyTokens(res), url).toContain('accept-encoding');
        expect(res.headers['x-frame-options'], url).toBe('DENY');
        const html = decoded(res);
        expect(html, url).toContain(url === '/dash' ? '<div id="root"></div>' : 'data-rendered');
      }
    },
  );

  it.each(['br', 'gzip'])('compresses a JSON answer above 1 KB with %s', async (encoding) => {
    const plain = await get('/api/site');
    expect(plain.rawPayload.length).toBeGreaterThan(1024);
    const res = await get('/api/site', encoding);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe(encoding);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    // The route's own caching stays.
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(varyTokens(res)).toContain('accept-encoding');
    expect(res.rawPayload.length).toBeLessThan(plain.rawPayload.length);
    expect(JSON.parse(decoded(res))).toEqual(plain.json());
  });

  it('leaves answers under 1 KB uncompressed', async () => {
    const res = await get('/api/no-such-thing', 'br, gzip');
    expect(res.statusCode).toBe(404);
    expect(res.rawPayload.length).toBeLessThan(1024);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.json()).toMatchObject({ status: 404 });
  });

  it('neither compresses nor says it varies for the health probe, which never compresses', async () => {
    const res = await get('/api/health', 'br, gzip');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers.vary).toBeUndefined();
    // Another small JSON answer still says it varies.
    expect(varyTokens(await get('/api/no-such-thing', 'br, gzip'))).toContain('accept-encoding');
  });
});

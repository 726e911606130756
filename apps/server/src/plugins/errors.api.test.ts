// What the router and Node's HTTP parser refuse leaves as problem+json too: the garbage run of
// `npm run stress` (decision 060) found Fastify's own JSON for these.
import { request as httpRequest } from 'node:http';
import { connect, createServer as createNetServer, type AddressInfo } from 'node:net';
import inject from 'light-my-request';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROBLEM_CONTENT_TYPE } from '@consult/shared';
import { createTestApp, type TestApp } from '../test/test-app';
import { clientErrorProblem } from './errors';

let t: TestApp;
let port: number;
beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
});
afterAll(() => t.close());

/** A raw request over HTTP (inject skips Node's parser); answers status, type and body. */
function send(path: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; type: string; body: string }>((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, path, headers }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, type: res.headers['content-type'] ?? '', body }),
      );
    });
    req.on('error', reject);
    req.end();
  });
}

describe('requests refused before any route runs', () => {
  it('answers an address with a broken percent-escape with a problem', async () => {
    const res = await send('/api/bookings/%C0%80');
    expect(res.status).toBe(400);
    expect(res.type).toContain(PROBLEM_CONTENT_TYPE);
    expect(JSON.parse(res.body)).toMatchObject({ status: 400, detail: expect.any(String) });
  });

  it('answers a path parameter longer than the router takes with a problem', async () => {
    const res = await send(`/api/bookings/${'a'.repeat(600)}`);
    expect(res.status).toBe(414);
    expect(res.type).toContain(PROBLEM_CONTENT_TYPE);
  });

  it('answers headers larger than Node reads with a problem', async () => {
    const res = await send('/api/site', { 'x-filler': 'x'.repeat(20_000) });
    expect(res.status).toBe(431);
    expect(res.type).toContain(PROBLEM_CONTENT_TYPE);
    expect(JSON.parse(res.body)).toMatchObject({
      status: 431,
      title: 'Request Header Fields Too Large',
    });
  });

  it('answers an address longer than Node reads with a problem, not a reset', async () => {
    const res = await send(`/api/availability?service=${'s'.repeat(70_000)}`);
    expect(res.status).toBe(431);
    expect(res.type).toContain(PROBLEM_CONTENT_TYPE);
  });

  it('answers a refused request once: the parser refusing its later chunks does not reset the client', async () => {
    // An address of megabytes arrives in many chunks and Node's parser refuses each of them; the
    // garbage run saw the second refusal destroy the socket while the client was still sending
    // (write EPIPE / ECONNRESET instead of the 431).
    const server = createNetServer();
    const answered = new Promise<string>((resolve) => {
      server.on('connection', (socket) => {
        const overflow = Object.assign(new Error('Header overflow'), {
          code: 'HPE_HEADER_OVERFLOW',
        });
        clientErrorProblem(overflow, socket);
        clientErrorProblem(overflow, socket);
        resolve(String(socket.destroyed));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const client = connect((server.address() as AddressInfo).port, '127.0.0.1');
    let reply = '';
    client.setEncoding('utf8');
    client.on('data', (chunk: string) => (reply += chunk));
    const ended = new Promise<void>((resolve, reject) => {
      client.on('end', resolve);
      client.on('error', reject);
    });
    client.write('GET /api/site?from=' + '2'.repeat(100_000));
    expect(await answered).toBe('false');
    client.end();
    await ended;
    server.close();
    expect(reply).toMatch(/^HTTP\/1\.1 431 /);
    expect(reply).toContain(PROBLEM_CONTENT_TYPE);
  });
});

describe('a request arriving while the server stops', () => {
  it('is refused with a 503 problem that asks to retry, and the close still completes', async () => {
    const own = await createTestApp();
    const closed = own.close();
    await new Promise((resolve) => setImmediate(resolve));
    // Over the router as a request on a connection still open would come (inject refuses once
    // closing has begun).
    const answer = await inject((req, res) => own.app.routing(req, res), {
      method: 'GET',
      url: '/api/site',
    });
    await closed;
    expect(answer.statusCode).toBe(503);
    expect(answer.headers['content-type']).toContain(PROBLEM_CONTENT_TYPE);
    expect(answer.headers['retry-after']).toBe('5');
    expect(answer.json()).toMatchObject({ status: 503 });
  });
});

describe('a request when every database connection stays taken', () => {
  it('is answered 503 busy with a retry, not as a fault', async () => {
    const own = await createTestApp();
    const release: Array<() => void> = [];
    // The pool's ten connections, each held by a transaction until the end of the test.
    const holding = Array.from({ length: 10 }, () =>
      own.database.db.transaction(() => new Promise<void>((done) => release.push(done))),
    );
    try {
      await expect.poll(() => release.length).toBe(10);
      const answer = await own.app.inject({ method: 'GET', url: '/api/site' });
      expect(answer.statusCode).toBe(503);
      expect(answer.headers['content-type']).toContain(PROBLEM_CONTENT_TYPE);
      expect(answer.headers['retry-after']).toBe('5');
      expect(answer.json()).toMatchObject({
        status: 503,
        detail: 'The site is busy. Please try again in a moment.',
      });
    } finally {
      for (const done of release) done();
      await Promise.all(holding);
      await own.close();
    }
  }, 20_000);
});

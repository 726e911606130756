import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROBLEM_CONTENT_TYPE, problemSchema } from '@consult/shared';
import { createTestApp, type TestApp } from './test/test-app';

describe('the API shell', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ captureLogs: true });
    t.app.get('/api/test/boom', async () => {
      throw new Error('secret internal detail');
    });
    t.app.post('/api/test/echo', async (request) => request.body);
    t.app.get('/test/page', async (_request, reply) =>
      reply.type('text/html; charset=utf-8').send('<!doctype html><title>t</title>'),
    );
    await t.app.ready();
  });
  afterAll(() => t.close());

  it('answers unknown /api paths with a 404 problem', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/does-not-exist?x=1' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toContain(PROBLEM_CONTENT_TYPE);
    const problem = problemSchema.parse(res.json());
    expect(problem).toMatchObject({
      status: 404,
      title: 'Not Found',
      instance: '/api/does-not-exist',
    });
  });

  it('turns a thrown bug into a 500 without the stack or message, and logs the details', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/test/boom' });
    expect(res.statusCode).toBe(500);
    const problem = problemSchema.parse(res.json());
    expect(res.body).not.toContain('secret internal detail');
    expect(res.body).not.toMatch(/at .*\.ts/);
    expect(problem.detail).toMatch(/Something went wrong/);
    const logged = t.logs.find((line) => line.msg === 'request failed');
    expect(JSON.stringify(logged)).toContain('secret internal detail');
  });

  it('answers malformed JSON with a 400 problem', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { 'content-type': 'application/json' },
      payload: '{"name": ',
    });
    expect(res.statusCode).toBe(400);
    expect(problemSchema.parse(res.json()).detail).toBe('The request body is not valid JSON.');
  });

  it('sends API answers the security headers of data, and a request id', async () => {
    for (const url of ['/api/health', '/api/does-not-exist']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.headers['content-security-policy']).toBe(
        "default-src 'none'; frame-ancestors 'none'",
      );
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
      // Only what acts on data: no page headers (no HSTS either, over http).
      for (const pageOnly of [
        'cross-origin-opener-policy',
        'origin-agent-cluster',
        'x-dns-prefetch-control',
        'strict-transport-security',
      ]) {
        expect(res.headers[pageOnly], pageOnly).toBeUndefined();
      }
      expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    }
  });

  it('sends pages the whole set, with a CSP that runs no inline script', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/test/page' });
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(res.headers['content-security-policy']).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['cross-origin-opener-policy']).toBe('same-origin');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('logs each request with its id and never the credentials or mail-link tokens', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/site?token=mail-link-secret',
      headers: { authorization: 'Bearer header-secret', cookie: 'refresh=cookie-secret' },
    });
    const requestId = res.headers['x-request-id'];
    const lines = t.logs.filter((line) => line.requestId === requestId);
    expect(lines.length).toBeGreaterThanOrEqual(2);
    const text = JSON.stringify(t.logs);
    expect(text).not.toContain('mail-link-secret');
    expect(text).not.toContain('header-secret');
    expect(text).not.toContain('cookie-secret');
  });

  it('serves the OpenAPI document generated from the route schemas', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect(res.statusCode).toBe(200);
    const doc = res.json<{ openapi: string; paths: Record<string, unknown> }>();
    expect(doc.openapi).toMatch(/^3\./);
    expect(doc.paths['/api/health']).toBeDefined();
  });
});

import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  PORTRAIT_MAX_BYTES,
  PORTRAIT_TOO_LARGE_PROBLEM_TYPE,
  PORTRAIT_TOO_SMALL_PROBLEM_TYPE,
  PORTRAIT_UNSUPPORTED_PROBLEM_TYPE,
  PORTRAIT_UPLOAD_RATE_LIMIT,
  portraitUploadedSchema,
  portraitVariantPath,
} from '@consult/shared';
import { createTestApp, type TestApp } from '../../test/test-app';
import { signedInUser, type SignedIn } from '../../test/accounts';
import { auditLog } from '../audit/schema';
import { settings } from '../../db/settings-schema';
import { siteImages } from './schema';

interface FilePart {
  name: string;
  filename: string;
  contentType: string;
  bytes: Buffer;
}

/** A multipart/form-data body as a browser sends it. */
function multipart(files: FilePart[], fields: Record<string, string> = {}) {
  const boundary = '----portrait-test-boundary';
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
      ),
    );
  }
  for (const file of files) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.name}"; filename="${file.filename}"\r\nContent-Type: ${file.contentType}\r\n\r\n`,
      ),
      file.bytes,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** A photo with a gradient, so encoders have something to encode. */
function photo(width: number, height: number) {
  return sharp({
    create: { width, height, channels: 3, background: { r: 200, g: 120, b: 60 } },
  }).composite([
    {
      input: Buffer.from(
        `<svg width="${width}" height="${height}"><circle cx="${width / 2}" cy="${height / 3}" r="${width / 4}" fill="#0f3d3e"/></svg>`,
      ),
    },
  ]);
}

describe('the portrait photo', () => {
  let t: TestApp;
  let admin: SignedIn;
  let adminId: string;

  beforeAll(async () => {
    t = await createTestApp();
    const signedIn = await signedInUser(t.app, { role: 'admin' });
    admin = signedIn;
    adminId = signedIn.user.id;
  });
  afterAll(() => t.close());

  const upload = (body: ReturnType<typeof multipart>, headers: object = admin.headers) =>
    t.app.inject({
      method: 'POST',
      url: '/api/admin/site/portrait',
      payload: body.payload,
      headers: { ...headers, ...body.headers },
    });

  const storedVariants = () => t.database.db.select({ id: siteImages.id }).from(siteImages);

  it('re-encodes a JPEG into upright WebP variants without its EXIF data', async () => {
    // Landscape pixels that the camera marked as turned (orientation 6): upright it is portrait.
    const jpeg = await photo(1200, 900)
      .jpeg()
      .withMetadata({
        orientation: 6,
        exif: { IFD0: { Copyright: 'exif-marker-secret', Artist: 'Camera Owner' } },
      })
      .toBuffer();
    expect((await sharp(jpeg).metadata()).exif).toBeDefined();

    const res = await upload(
      multipart([{ name: 'file', filename: 'me.jpg', contentType: 'image/jpeg', bytes: jpeg }], {
        alt: 'Portrait of the consultant',
      }),
    );
    expect(res.statusCode).toBe(201);
    const { portrait } = portraitUploadedSchema.parse(res.json());
    expect(portrait).toMatchObject({
      alt: 'Portrait of the consultant',
      widths: [320, 640, 960],
      width: 960,
      height: 1140,
      type: 'image/webp',
    });

    for (const [width, height] of [
      [320, 380],
      [640, 760],
      [960, 1140],
    ] as const) {
      const variant = await t.app.inject({
        method: 'GET',
        url: portraitVariantPath(portrait.id, width),
      });
      expect(variant.statusCode).toBe(200);
      const metadata = await sharp(variant.rawPayload).metadata();
      expect(metadata).toMatchObject({ format: 'webp', width, height });
      expect(metadata.exif).toBeUndefined();
      expect(metadata.orientation).toBeUndefined();
      expect(variant.rawPayload.includes('exif-marker-secret')).toBe(false);
    }

    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.target, `portrait:${portrait.id}`));
    expect(entry).toMatchObject({
      actorId: adminId,
      action: 'site.portrait_upload',
      details: { sourceType: 'image/jpeg', widths: [320, 640, 960] },
    });
  });

  it('accepts PNG and WebP photos', async () => {
    const png = await photo(700, 900).png().toBuffer();
    const webp = await photo(640, 760).webp().toBuffer();
    for (const [bytes, contentType, filename] of [
      [png, 'image/png', 'me.png'],
      [webp, 'image/webp', 'me.webp'],
    ] as const) {
      const res = await upload(multipart([{ name: 'file', filename, contentType, bytes }]));
      expect(res.statusCode).toBe(201);
      expect(res.json().portrait).toMatchObject({ alt: '', widths: [320, 640, 960] });
    }
  });

  it('refuses a script dressed as a PNG, and an SVG, and stores nothing', async () => {
    const before = (await storedVariants()).length;
    const disguised = [
      Buffer.from('<script>alert(document.cookie)</script>'),
      Buffer.from('<html><body onload="alert(1)"></body></html>'),
      Buffer.from(
        '<svg xmlns="http://www.w3.org/2000/svg" width="400" height="400"><script>alert(1)</script></svg>',
      ),
      // A PNG signature in front of something that is not a PNG.
      Buffer.concat([
        Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
        Buffer.from('<script>alert(1)</script>'),
      ]),
    ];
    for (const bytes of disguised) {
      const res = await upload(
        multipart([{ name: 'file', filename: 'photo.png', contentType: 'image/png', bytes }]),
      );
      expect(res.statusCode).toBe(400);
      expect(res.headers['content-type']).toContain('application/problem+json');
      expect(res.json()).toMatchObject({
        type: PORTRAIT_UNSUPPORTED_PROBLEM_TYPE,
        errors: { file: [expect.stringMatching(/JPEG, PNG or WebP/)] },
      });
    }
    expect(await storedVariants()).toHaveLength(before);
  });

  it('refuses a file over 5 MB with 413', async () => {
    const big = Buffer.alloc(PORTRAIT_MAX_BYTES + 1, 0x20);
    big.set([0xff, 0xd8, 0xff], 0);
    const res = await upload(
      multipart([{ name: 'file', filename: 'big.jpg', contentType: 'image/jpeg', bytes: big }]),
    );
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({
      type: PORTRAIT_TOO_LARGE_PROBLEM_TYPE,
      errors: { file: [expect.stringMatching(/5 MB/)] },
    });
  });

  it('refuses a photo too small for the frame, a missing file and a too long description', async () => {
    const small = await photo(200, 200).png().toBuffer();
    const tooSmall = await upload(
      multipart([{ name: 'file', filename: 's.png', contentType: 'image/png', bytes: small }]),
    );
    expect(tooSmall.statusCode).toBe(400);
    expect(tooSmall.json().type).toBe(PORTRAIT_TOO_SMALL_PROBLEM_TYPE);

    const none = await upload(multipart([], { alt: 'Nothing attached' }));
    expect(none.statusCode).toBe(400);
    expect(none.json().errors.file).toHaveLength(1);

    const notMultipart = await t.app.inject({
      method: 'POST',
      url: '/api/admin/site/portrait',
      headers: admin.headers,
      payload: { file: 'x' },
    });
    expect(notMultipart.statusCode).toBe(400);

    const png = await photo(400, 500).png().toBuffer();
    const longAlt = await upload(
      multipart([{ name: 'file', filename: 'a.png', contentType: 'image/png', bytes: png }], {
        alt: 'x'.repeat(201),
      }),
    );
    expect(longAlt.statusCode).toBe(400);
    expect(longAlt.json().errors.alt).toHaveLength(1);
  });

  it('answers a multipart form without a boundary, or with a broken body, with a 400 problem', async () => {
    for (const contentType of ['multipart/form-data', 'multipart/form-data; boundary=']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/admin/site/portrait',
        headers: { ...admin.headers, 'content-type': contentType },
        payload: 'file=x',
      });
      expect(res.statusCode, contentType).toBe(400);
      expect(res.headers['content-type']).toContain('application/problem+json');
      expect(res.json()).toMatchObject({
        type: PORTRAIT_UNSUPPORTED_PROBLEM_TYPE,
        errors: { file: [expect.any(String)] },
      });
    }
    const truncated = await t.app.inject({
      method: 'POST',
      url: '/api/admin/site/portrait',
      headers: { ...admin.headers, 'content-type': 'multipart/form-data; boundary=abc' },
      payload: '--abc\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\nxx',
    });
    expect(truncated.statusCode).toBe(400);
    expect(truncated.headers['content-type']).toContain('application/problem+json');
  });

  it('is for admins only', async () => {
    const png = await photo(400, 500).png().toBuffer();
    const body = multipart([
      { name: 'file', filename: 'a.png', contentType: 'image/png', bytes: png },
    ]);
    const client = await signedInUser(t.app);
    expect((await upload(body, client.headers)).statusCode).toBe(403);
    expect((await upload(body, {})).statusCode).toBe(401);
    const remove = await t.app.inject({
      method: 'DELETE',
      url: '/api/admin/site/portrait',
      headers: client.headers,
    });
    expect(remove.statusCode).toBe(403);
  });

  it('takes 20 uploads in ten minutes from one admin, then 429; another admin is not held back', async () => {
    const uploader = await signedInUser(t.app, { role: 'admin' });
    // Refused files count too: the limit guards the decoder, not the storage.
    const junk = multipart([
      { name: 'file', filename: 'a.png', contentType: 'image/png', bytes: Buffer.from('junk') },
    ]);
    for (let i = 0; i < PORTRAIT_UPLOAD_RATE_LIMIT.max; i++) {
      expect((await upload(junk, uploader.headers)).statusCode).toBe(400);
    }
    const held = await upload(junk, uploader.headers);
    expect(held.statusCode).toBe(429);
    expect(held.headers['retry-after']).toBeDefined();
    const other = await signedInUser(t.app, { role: 'admin' });
    expect((await upload(junk, other.headers)).statusCode).toBe(400);
  });

  it('serves a variant immutable with its type and ETag, and 404 for anything else', async () => {
    const png = await photo(500, 600).png().toBuffer();
    const { portrait } = (
      await upload(
        multipart([{ name: 'file', filename: 'a.png', contentType: 'image/png', bytes: png }]),
      )
    ).json();
    const url = portraitVariantPath(portrait.id, 640);
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers.etag).toBe(`"${portrait.id}-640"`);
    expect(res.headers['content-encoding']).toBeUndefined();

    const again = await t.app.inject({
      method: 'GET',
      url,
      headers: { 'if-none-match': String(res.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');

    for (const missing of [
      `/api/site/portrait/${'0'.repeat(32)}/640.webp`,
      `/api/site/portrait/${portrait.id}/100.webp`,
      `/api/site/portrait/${portrait.id}/640.jpg`,
      '/api/site/portrait/not-an-id/640.webp',
    ]) {
      const notFound = await t.app.inject({ method: 'GET', url: missing });
      expect(notFound.statusCode, missing).toBe(404);
    }
  });

  it('takes the photo off the site at once and audits it', async () => {
    const png = await photo(500, 600).png().toBuffer();
    const { portrait } = (
      await upload(
        multipart([{ name: 'file', filename: 'a.png', contentType: 'image/png', bytes: png }]),
      )
    ).json();
    // What saving the content with the photo does (PUT /api/admin/site).
    const [row] = await t.database.db.select().from(settings).where(eq(settings.key, 'site'));
    await t.database.db
      .update(settings)
      .set({
        value: { ...(row!.value as object), portrait: { id: portrait.id, alt: 'The consultant' } },
      })
      .where(eq(settings.key, 'site'));
    const site = await t.app.inject({ method: 'GET', url: '/api/site' });
    expect(site.json().portrait).toEqual({ id: portrait.id, alt: 'The consultant' });

    const res = await t.app.inject({
      method: 'DELETE',
      url: '/api/admin/site/portrait',
      headers: admin.headers,
    });
    expect(res.statusCode).toBe(204);
    const after = await t.app.inject({ method: 'GET', url: '/api/site' });
    expect(after.json().portrait ?? null).toBeNull();
    expect(after.json().hero).toEqual(site.json().hero);

    const entries = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'site.portrait_remove'));
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      actorId: adminId,
      details: {
        before: { portrait: { id: portrait.id, alt: 'The consultant' } },
        after: { portrait: null },
      },
    });

    // Nothing left to remove: no change, no entry.
    await t.app.inject({
      method: 'DELETE',
      url: '/api/admin/site/portrait',
      headers: admin.headers,
    });
    expect(
      await t.database.db
        .select()
        .from(auditLog)
        .where(eq(auditLog.action, 'site.portrait_remove')),
    ).toHaveLength(1);
  });

  it('removes uploads the site does not use once they are a day old, and keeps the one it shows', async () => {
    const shown = (
      await upload(
        multipart([
          {
            name: 'file',
            filename: 'a.png',
            contentType: 'image/png',
            bytes: await photo(410, 500).png().toBuffer(),
          },
        ]),
      )
    ).json().portrait;
    const [row] = await t.database.db.select().from(settings).where(eq(settings.key, 'site'));
    await t.database.db
      .update(settings)
      .set({ value: { ...(row!.value as object), portrait: { id: shown.id, alt: 'Shown' } } })
      .where(eq(settings.key, 'site'));
    // Every upload so far is two days old.
    await t.database.db
      .update(siteImages)
      .set({ createdAt: new Date(Date.now() - 2 * 24 * 60 * 60 * 1000) });

    const fresh = (
      await upload(
        multipart([
          {
            name: 'file',
            filename: 'b.png',
            contentType: 'image/png',
            bytes: await photo(420, 500).png().toBuffer(),
          },
        ]),
      )
    ).json().portrait;
    const ids = new Set((await storedVariants()).map((variant) => variant.id));
    expect([...ids].sort()).toEqual([shown.id, fresh.id].sort());
  });
});

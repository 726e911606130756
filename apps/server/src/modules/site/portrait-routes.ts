/**
 * /admin/site/portrait: the owner uploads the consultant's photo (multipart) or takes it off the site.
 * /site/portrait/:id/:width.webp: the variants the public pages load, immutable (decision 033).
 */
import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  MINUTE_MS,
  PORTRAIT_ALT_MAX,
  PORTRAIT_MAX_BYTES,
  PORTRAIT_MESSAGES,
  PORTRAIT_TOO_LARGE_PROBLEM_TYPE,
  PORTRAIT_UNSUPPORTED_PROBLEM_TYPE,
  PORTRAIT_UPLOAD_RATE_LIMIT,
  portraitIdSchema,
  portraitUploadedSchema,
  problemSchema,
} from '@consult/shared';
import type { RouteOptions } from '../../app-deps';
import { HttpProblem } from '../../plugins/errors';
import { readPortraitVariant, removePortrait, uploadPortrait } from './portrait-service';

const errors = { 401: problemSchema, 403: problemSchema };
const security = [{ bearer: [] }];
/** A year: a variant's address names its content, so it never changes. */
const IMMUTABLE_CACHE = 'public, max-age=31536000, immutable';

function tooLarge(): HttpProblem {
  return new HttpProblem(413, PORTRAIT_MESSAGES.tooLarge, {
    type: PORTRAIT_TOO_LARGE_PROBLEM_TYPE,
    errors: { file: [PORTRAIT_MESSAGES.tooLarge] },
  });
}

function missingFile(): HttpProblem {
  return new HttpProblem(400, PORTRAIT_MESSAGES.missingFile, {
    type: PORTRAIT_UNSUPPORTED_PROBLEM_TYPE,
    errors: { file: [PORTRAIT_MESSAGES.missingFile] },
  });
}

/** The form's one photo (field `file`) and its optional description (field `alt`). */
async function readUpload(request: FastifyRequest): Promise<{ bytes: Buffer; alt: string }> {
  if (!request.isMultipart()) throw missingFile();
  let bytes: Buffer | undefined;
  let alt = '';
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        const content = await part.toBuffer();
        if (part.fieldname === 'file' && !bytes) bytes = content;
      } else if (part.fieldname === 'alt' && typeof part.value === 'string') {
        alt = part.value;
      }
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
    // Another file, too many fields, a form without a boundary or cut short (the parser's own
    // errors carry no code): not the one photo this takes. Only the form is read in this block.
    throw missingFile();
  }
  if (!bytes || bytes.length === 0) throw missingFile();
  if (alt.trim().length > PORTRAIT_ALT_MAX) {
    throw new HttpProblem(400, PORTRAIT_MESSAGES.altTooLong, {
      errors: { alt: [PORTRAIT_MESSAGES.altTooLong] },
    });
  }
  return { bytes, alt };
}

export const adminPortraitRoutes: FastifyPluginAsyncZod<RouteOptions> = async (app, { deps }) => {
  // Only these routes take multipart; every other route keeps refusing it.
  await app.register(multipart, {
    limits: {
      fileSize: PORTRAIT_MAX_BYTES,
      files: 1,
      fields: 2,
      fieldSize: 4 * PORTRAIT_ALT_MAX,
      parts: 3,
    },
  });
  app.addHook('onRequest', app.authenticate);
  app.addHook('onRequest', app.requireAdmin);

  app.post(
    '/admin/site/portrait',
    {
      config: {
        rateLimit: {
          max: PORTRAIT_UPLOAD_RATE_LIMIT.max,
          timeWindow: PORTRAIT_UPLOAD_RATE_LIMIT.windowMinutes * MINUTE_MS,
          keyGenerator: (request: FastifyRequest) => `portrait:${request.user?.id ?? request.ip}`,
        },
      },
      schema: {
        tags: ['admin'],
        summary:
          'Upload the consultant’s photo (multipart: `file`, optional `alt`); JPEG, PNG or WebP up to 5 MB, re-encoded to WebP variants. Saving the site content with its id puts it on the site.',
        security,
        consumes: ['multipart/form-data'],
        response: {
          201: portraitUploadedSchema,
          400: problemSchema,
          413: problemSchema,
          429: problemSchema,
          ...errors,
        },
      },
    },
    async (request, reply) => {
      const upload = await readUpload(request);
      const uploaded = await uploadPortrait(deps, request.user!.id, upload);
      return reply.code(201).send(uploaded);
    },
  );

  app.delete(
    '/admin/site/portrait',
    {
      schema: {
        tags: ['admin'],
        summary: 'Take the photo off the site: the pages show the initials art again',
        security,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await removePortrait(deps, request.user!.id);
      return reply.code(204).send(null);
    },
  );
};

// Loose on purpose: any address that is not a stored variant is a 404, as for a missing file.
const variantParamsSchema = z.object({ id: z.string(), file: z.string() });
const VARIANT_FILE = /^(\d{1,5})\.webp$/;

export const portraitRoutes: FastifyPluginAsyncZod<RouteOptions> = async (app, { deps }) => {
  app.get(
    '/site/portrait/:id/:file',
    {
      schema: {
        tags: ['site'],
        summary: 'A variant of the consultant’s photo (`320.webp`, `640.webp`, `960.webp`)',
        params: variantParamsSchema,
        response: {
          200: z.any().describe('The WebP image'),
          304: z.literal('').describe('The browser’s copy is current'),
          404: problemSchema,
        },
      },
    },
    async (request, reply) => {
      const { id, file } = request.params;
      const width = Number(VARIANT_FILE.exec(file)?.[1]);
      const variant =
        portraitIdSchema.safeParse(id).success && width
          ? await readPortraitVariant(deps.db, id, width)
          : undefined;
      if (!variant) throw new HttpProblem(404, 'There is no such photo.');
      const etag = `"${id}-${width}"`;
      reply.header('cache-control', IMMUTABLE_CACHE).header('etag', etag);
      if (request.headers['if-none-match'] === etag) return reply.code(304).send('');
      return reply.type(variant.contentType).send(Buffer.from(variant.bytes));
    },
  );
};

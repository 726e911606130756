/** The OpenAPI document, generated from the routes' zod schemas and served at /api/docs. */
import swagger from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

export default fp(
  async function openApiPlugin(app: FastifyInstance, options: { version: string }) {
    await app.register(swagger, {
      openapi: {
        info: {
          title: 'Consultation practice API',
          description: 'The API behind the website, the client dashboard and the admin area.',
          version: options.version,
        },
        components: {
          securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
        },
      },
      transform: jsonSchemaTransform,
    });
  },
  { name: 'openapi' },
);

export async function openApiRoutes(app: FastifyInstance) {
  app.get('/docs', { schema: { hide: true } }, async () => app.swagger());
}

/** /admin/users: the admin's list of accounts and the changes an admin may make to them. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminUserParamsSchema,
  clientNoteInputSchema,
  clientNoteParamsSchema,
  clientNoteSchema,
  clientRecordSchema,
  adminUsersQuerySchema,
  adminUserUpdateSchema,
  problemSchema,
  userSchema,
  usersPageSchema,
} from '@consult/shared';
import type { RouteOptions } from '../../app-deps';
import { acceptEmptyJsonBodies } from '../../plugins/empty-json-body';
import {
  addClientNote,
  changeClientNote,
  getClientRecord,
  removeClientNote,
} from './client-record-service';
import { deleteAccountForOwner } from './privacy-service';
import { changeUser, listUsersPage } from './user-admin-service';

const errors = { 401: problemSchema, 403: problemSchema };

export const adminUserRoutes: FastifyPluginAsyncZod<RouteOptions> = async (app, { deps }) => {
  // The browser sends its JSON content type on the bodiless DELETE too: an empty body is accepted.
  acceptEmptyJsonBodies(app);
  app.addHook('onRequest', app.authenticate);
  app.addHook('onRequest', app.requireAdmin);

  app.get(
    '/admin/users',
    {
      schema: {
        tags: ['admin'],
        summary: 'Accounts, newest first; search by name or e-mail',
        security: [{ bearer: [] }],
        querystring: adminUsersQuerySchema,
        response: { 200: usersPageSchema, 400: problemSchema, ...errors },
      },
    },
    async (request) => listUsersPage(deps.db, request.query),
  );

  app.get(
    '/admin/users/:id',
    {
      schema: {
        tags: ['admin'],
        summary:
          'One account and the client record: bookings, tasks, contact messages, private notes and a timeline (each bounded, newest first)',
        security: [{ bearer: [] }],
        params: adminUserParamsSchema,
        response: { 200: clientRecordSchema, 404: problemSchema, ...errors },
      },
    },
    async (request) => getClientRecord(deps, request.params.id),
  );

  app.post(
    '/admin/users/:id/notes',
    {
      schema: {
        tags: ['admin'],
        summary: 'Add a private note about a client (admins only; never shown to the client)',
        security: [{ bearer: [] }],
        params: adminUserParamsSchema,
        body: clientNoteInputSchema,
        response: { 201: clientNoteSchema, 400: problemSchema, 404: problemSchema, ...errors },
      },
    },
    async (request, reply) => {
      const note = await addClientNote(deps, request.user!, request.params.id, request.body.text);
      return reply.code(201).send(note);
    },
  );

  app.patch(
    '/admin/users/:id/notes/:noteId',
    {
      schema: {
        tags: ['admin'],
        summary: 'Change the text of a private note',
        security: [{ bearer: [] }],
        params: clientNoteParamsSchema,
        body: clientNoteInputSchema,
        response: { 200: clientNoteSchema, 400: problemSchema, 404: problemSchema, ...errors },
      },
    },
    async (request) =>
      changeClientNote(
        deps,
        request.user!,
        request.params.id,
        request.params.noteId,
        request.body.text,
      ),
  );

  app.delete(
    '/admin/users/:id/notes/:noteId',
    {
      schema: {
        tags: ['admin'],
        summary: 'Delete a private note',
        security: [{ bearer: [] }],
        params: clientNoteParamsSchema,
        response: { 204: z.null().describe('Deleted'), 404: problemSchema, ...errors },
      },
    },
    async (request, reply) => {
      await removeClientNote(deps, request.user!, request.params.id, request.params.noteId);
      return reply.code(204).send(null);
    },
  );

  app.patch(
    '/admin/users/:id',
    {
      schema: {
        tags: ['admin'],
        summary: 'Change the role of an account or disable it (never the last admin)',
        security: [{ bearer: [] }],
        params: adminUserParamsSchema,
        body: adminUserUpdateSchema,
        response: {
          200: userSchema,
          400: problemSchema,
          404: problemSchema,
          409: problemSchema,
          ...errors,
        },
      },
    },
    async (request) => changeUser(deps.db, request.user!, request.params.id, request.body),
  );

  app.delete(
    '/admin/users/:id',
    {
      schema: {
        tags: ['admin'],
        summary:
          'Delete an account (never the last admin): removed when it has no bookings or payments, else erased and kept anonymised for accounting',
        security: [{ bearer: [] }],
        params: adminUserParamsSchema,
        response: {
          204: z.null().describe('Deleted'),
          404: problemSchema,
          409: problemSchema,
          ...errors,
        },
      },
    },
    async (request, reply) => {
      await deleteAccountForOwner(deps, request.user!, request.params.id);
      return reply.code(204).send(null);
    },
  );
};

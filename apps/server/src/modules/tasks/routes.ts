/**
 * /tasks: the signed-in client's tasks and their ticks. /admin/tasks: the owner's list, create,
 * edit and delete of every client's tasks.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminTaskRecordSchema,
  adminTasksPageSchema,
  adminTasksQuerySchema,
  createTaskSchema,
  problemSchema,
  setTaskStatusSchema,
  taskRecordSchema,
  tasksListSchema,
  updateTaskSchema,
} from '@consult/shared';
import type { RouteOptions } from '../../app-deps';
import { acceptEmptyJsonBodies } from '../../plugins/empty-json-body';
import {
  createTask,
  deleteTaskAsOwner,
  listOwnTasks,
  listTasksPage,
  setOwnTaskStatus,
  updateTaskAsOwner,
} from './tasks-service';

const errors = { 401: problemSchema, 403: problemSchema };
const security = [{ bearer: [] }];
const idParamsSchema = z.object({ id: z.string() });

export const taskRoutes: FastifyPluginAsyncZod<RouteOptions> = async (app, { deps }) => {
  app.addHook('onRequest', app.authenticate);

  app.get(
    '/tasks',
    {
      schema: {
        tags: ['tasks'],
        summary: 'The signed-in client’s tasks: open first by due date, overdue flagged',
        security,
        response: { 200: tasksListSchema, ...errors },
      },
    },
    async (request) => listOwnTasks(deps, request.user!),
  );

  app.patch(
    '/tasks/:id',
    {
      schema: {
        tags: ['tasks'],
        summary: 'Tick one of the client’s tasks done, or reopen it',
        security,
        params: idParamsSchema,
        body: setTaskStatusSchema,
        response: { 200: taskRecordSchema, 400: problemSchema, 404: problemSchema, ...errors },
      },
    },
    async (request) =>
      setOwnTaskStatus(deps, request.user!, request.params.id, request.body.status),
  );
};

export const adminTaskRoutes: FastifyPluginAsyncZod<RouteOptions> = async (app, { deps }) => {
  acceptEmptyJsonBodies(app);
  app.addHook('onRequest', app.authenticate);
  app.addHook('onRequest', app.requireAdmin);

  app.get(
    '/admin/tasks',
    {
      schema: {
        tags: ['admin'],
        summary: 'Tasks by client, booking and status; open first by due date',
        security,
        querystring: adminTasksQuerySchema,
        response: { 200: adminTasksPageSchema, 400: problemSchema, ...errors },
      },
    },
    async (request) => listTasksPage(deps, request.query),
  );

  app.post(
    '/admin/tasks',
    {
      schema: {
        tags: ['admin'],
        summary: 'Give a client a task, optionally tied to one of their bookings; they get a mail',
        security,
        body: createTaskSchema,
        response: { 201: adminTaskRecordSchema, 400: problemSchema, ...errors },
      },
    },
    async (request, reply) => {
      const task = await createTask(deps, request.user!, request.body);
      return reply.code(201).send(task);
    },
  );

  app.patch(
    '/admin/tasks/:id',
    {
      schema: {
        tags: ['admin'],
        summary: 'Change a task’s title, details, due date, booking or status',
        security,
        params: idParamsSchema,
        body: updateTaskSchema,
        response: {
          200: adminTaskRecordSchema,
          400: problemSchema,
          404: problemSchema,
          ...errors,
        },
      },
    },
    async (request) => updateTaskAsOwner(deps, request.user!, request.params.id, request.body),
  );

  app.delete(
    '/admin/tasks/:id',
    {
      schema: {
        tags: ['admin'],
        summary: 'Delete a task',
        security,
        params: idParamsSchema,
        response: { 204: z.null().describe('Deleted'), 404: problemSchema, ...errors },
      },
    },
    async (request, reply) => {
      await deleteTaskAsOwner(deps, request.user!, request.params.id);
      return reply.code(204).send(null);
    },
  );
};

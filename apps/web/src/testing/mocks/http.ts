/**
 * Typed answers of the mock API: `answer<T>()` takes the shared package's response type, so a
 * handler whose data drifts from the real API's shape fails typecheck. Paths are the API's own
 * (`API_BASE` and the route), on any origin.
 */
import { delay, http, HttpResponse } from 'msw';
import { API_BASE, type Problem } from '@consult/shared';

export const apiPath = (path: string) => `*${API_BASE}${path}`;

export const answer = <T>(body: T, init?: ResponseInit) =>
  HttpResponse.json(body as Parameters<typeof HttpResponse.json>[0], init);

/** A problem+json answer, as the server's error handler sends it. */
export const problem = (
  status: number,
  fields: Partial<Problem> & Pick<Problem, 'title' | 'detail'>,
) =>
  HttpResponse.json({ type: 'about:blank', status, ...fields } satisfies Problem, {
    status,
    headers: { 'content-type': 'application/problem+json' },
  });

/** The detail of the mock's server errors: a screen that shows the server's words shows this. */
export const SERVER_ERROR_DETAIL = 'The mock server failed on purpose.';

type Method = 'get' | 'post' | 'patch' | 'put' | 'delete';

/** GET (or another method) answered with a server error: the screen's error state. */
export const failing = (path: string, method: Method = 'get') =>
  http[method](apiPath(path), () =>
    problem(500, { title: 'Internal Server Error', detail: SERVER_ERROR_DETAIL }),
  );

/** An answer that never comes: the screen's loading state. */
export const pending = (path: string, method: Method = 'get') =>
  http[method](apiPath(path), async () => {
    await delay('infinite');
    return new HttpResponse(null, { status: 204 });
  });

export { http, HttpResponse };

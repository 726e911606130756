import type { User } from '@consult/shared';
import { answer, apiPath, http } from '../http';
import { sessionUser } from './auth';

export const accountHandlers = [
  http.get(apiPath('/user'), ({ request }) => answer<User>(sessionUser(request))),
];

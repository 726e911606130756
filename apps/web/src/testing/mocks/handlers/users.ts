import type { UsersPage } from '@consult/shared';
import { adminUser, clientUser, page } from '../data';
import { answer, apiPath, http } from '../http';

export const usersHandlers = [
  http.get(apiPath('/admin/users'), () => answer<UsersPage>(page.users([adminUser, clientUser]))),
];

import type {
  SecuritySettingsView,
  SignedInSessions,
  TwoFactorStatus,
  User,
} from '@consult/shared';
import { answer, apiPath, http } from '../http';
import { sessionUser } from './auth';
import { currentSession, otherSession, twoFactorOff } from '../data';

export const accountHandlers = [
  http.get(apiPath('/user'), ({ request }) => answer<User>(sessionUser(request))),
  http.get(apiPath('/user/sessions'), () =>
    answer<SignedInSessions>({ sessions: [currentSession, otherSession] }),
  ),
  http.get(apiPath('/user/2fa'), () => answer<TwoFactorStatus>(twoFactorOff)),
  http.get(apiPath('/admin/security-settings'), () =>
    answer<SecuritySettingsView>({ requireTwoFactorForAdmins: false, adminsWithoutTwoFactor: 1 }),
  ),
];

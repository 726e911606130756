/**
 * The export and the erasure of one's own account, which read and change the records of every
 * module (bookings, payments, tasks, messages…). The account module sits below them, so it declares
 * what its routes need and `modules/people` implements it; `app.ts` hands it over in `AppDeps`.
 */
import type { AccountExport } from '@consult/shared';
import type { AppDeps } from '../../app-deps';
import type { UserRow } from '../users';

export interface AccountPrivacy {
  exportAccount: (deps: AppDeps, user: UserRow) => Promise<AccountExport>;
  /** Checks the password (400 when wrong, 409 for the last admin) and erases the account. */
  deleteAccount: (deps: AppDeps, user: UserRow, password: string) => Promise<void>;
}

/** The user object the API answers with: never the password hash, always `_id` and `id`. */
import type { User } from '@consult/shared';
import type { UserRow } from './users-repository';

export function toUserView(row: UserRow, pendingEmail: string | null = null): User {
  return {
    _id: row.id,
    id: row.id,
    email: row.email,
    name: row.name,
    phone: row.phone,
    DOB: row.dob,
    timeZone: row.timeZone,
    role: row.role,
    emailVerified: row.emailVerifiedAt !== null,
    emailVerifiedAt: row.emailVerifiedAt?.toISOString() ?? null,
    pendingEmail,
    disabled: row.disabledAt !== null,
    createdAt: row.createdAt.toISOString(),
  };
}

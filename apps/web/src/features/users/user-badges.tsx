import type { User } from '@consult/shared';

const badge = 'inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold';

/** Role and state of an account as small labels. */
export function UserBadges({ user }: { user: User }) {
  return (
    <span className="flex flex-wrap gap-1.5">
      {user.role === 'admin' && <span className={`${badge} bg-brand text-white`}>Admin</span>}
      {user.disabled && <span className={`${badge} bg-danger-soft text-danger`}>Disabled</span>}
      {!user.emailVerified && (
        <span className={`${badge} bg-accent-soft text-ink`}>Unverified</span>
      )}
    </span>
  );
}

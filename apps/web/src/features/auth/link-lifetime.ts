import { PASSWORD_RESET_TTL_HOURS } from '@consult/shared';

/** How long a password reset link works, as the screens say it. */
export const resetLinkLifetime =
  PASSWORD_RESET_TTL_HOURS === 1 ? 'one hour' : `${PASSWORD_RESET_TTL_HOURS} hours`;

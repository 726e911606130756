/** The server leaves the `sessionHint` cookie with a session: without it no refresh is tried (it would fail). */
import { SESSION_HINT_COOKIE } from '@consult/shared';

export function hasSessionHint() {
  return document.cookie
    .split(';')
    .some((part) => part.trim().startsWith(`${SESSION_HINT_COOKIE}=`));
}

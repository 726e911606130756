/**
 * Why the owner's hand on a client's credits was refused, said from the problem's `type` (or its
 * status), never from the server's words; the shared messages are the one wording.
 */
import type { SerializedError } from '@reduxjs/toolkit';
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import {
  CREDIT_GRANT_FREE_PACKAGE_PROBLEM_TYPE,
  CREDIT_GRANT_MESSAGES,
  CREDIT_PURCHASE_NOT_PAID_PROBLEM_TYPE,
  CREDIT_TAKE_BACK_TOO_MANY_PROBLEM_TYPE,
  PACKAGE_MESSAGES,
} from '@consult/shared';
import { errorMessage, errorStatus, readProblem } from '../../lib/problem';

/** Said after a refusal that refreshed the figures (the purchase or package changed meanwhile). */
export const FIGURES_REFRESHED_TEXT = 'The figures on this page are up to date again.';

export const CREDIT_GONE_TEXT =
  'This client, package or purchase no longer exists (deleted meanwhile); nothing was changed.';

export function creditRefusalMessage(error: FetchBaseQueryError | SerializedError): string {
  switch (readProblem(error)?.type) {
    case CREDIT_PURCHASE_NOT_PAID_PROBLEM_TYPE:
      return `${PACKAGE_MESSAGES.creditPurchaseNotPaid}. ${FIGURES_REFRESHED_TEXT}`;
    case CREDIT_TAKE_BACK_TOO_MANY_PROBLEM_TYPE:
      return `${PACKAGE_MESSAGES.creditTakeBackTooMany}: someone used or took one meanwhile. ${FIGURES_REFRESHED_TEXT}`;
    case CREDIT_GRANT_FREE_PACKAGE_PROBLEM_TYPE:
      return CREDIT_GRANT_MESSAGES.creditGrantOfFreePackage;
  }
  if (errorStatus(error) === 404) return CREDIT_GONE_TEXT;
  return errorMessage(error);
}

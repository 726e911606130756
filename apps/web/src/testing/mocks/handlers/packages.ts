import type { AdminPackagesList, PackagesList, UserCredits } from '@consult/shared';
import { answer, apiPath, http } from '../http';

/** No packages and no credits by default: the screens read as before packages existed. */
export const noCredits: UserCredits = {
  credits: [],
  purchases: [],
  paymentInstructions: null,
  uses: [],
};

export const packagesHandlers = [
  http.get(apiPath('/packages'), () => answer<PackagesList>({ packages: [] })),
  http.get(apiPath('/user/credits'), () => answer<UserCredits>(noCredits)),
  http.get(apiPath('/admin/users/:id/credits'), () => answer<UserCredits>(noCredits)),
  http.get(apiPath('/admin/packages'), () => answer<AdminPackagesList>({ packages: [] })),
];

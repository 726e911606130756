export { AdminPackagesCard } from './admin-packages-card';
export { CreditChoice } from './credit-choice';
export { ClientCreditsCard, MyCreditsCard } from './credits-card';
export { PackageOffers } from './package-offers';
export { PurchaseReturnNotice } from './purchase-return-notice';

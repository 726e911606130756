export { AdminPackagesCard } from './admin-packages-card';
export { ClientCreditsCard, MyCreditsCard } from './credits-card';
export { PackageOffers } from './package-offers';
export { PurchaseReturnNotice } from './purchase-return-notice';

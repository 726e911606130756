/** The waitlist (issue 25): joining on /consultation, the client's list, the offer page, the owner's list. */
export { AdminWaitlistCard } from './admin-waitlist';
export { WaitlistOfferPage } from './offer-page';
export { WaitlistCard } from './waitlist-card';
export { WaitlistJoin } from './waitlist-join';

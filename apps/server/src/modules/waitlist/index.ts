/**
 * The waitlist module's public face (decision 067): clients waiting for a freed time, the offer
 * job, and the holds of open offers that availability reads (issue 25).
 */
export { withWaitlistHolds } from './holds';
export { runWaitlistOffers, waitlistJobs, waitlistKick, WAITLIST_OFFERS_JOB } from './offers';
export { adminWaitlistRoutes, waitlistRoutes } from './routes';
export { waitlistEntries, waitlistOffers } from './schema';
export { rebookedFromWaitlist } from './waitlist-repository';

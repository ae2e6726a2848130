/** The reviews feature's public face: pages and other features import only from here. */
export { RatingSummary } from './RatingSummary';
export { StarRating } from './StarRating';
export { Stars } from './Stars';
export { VenueRatingLink, VenueReviews } from './VenueReviews';
export { reviewKeys, reviewsApi } from './data';
export type { AdminReview, AdminReviewStatus, PublicReview, ReviewTarget, VenueReviewsPage } from './data';

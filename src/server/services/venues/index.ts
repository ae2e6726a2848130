/**
 * Venue use cases, one per file: create, update (with time-zone moves), moderate (approve,
 * reject, delete), queries, the public search with its list cache, and photos. Routes import
 * from here; services import the file they need (no cycles through this index).
 */
export { findVenue, loadForEdit, venueFor } from './access';
export { createVenue } from './create';
export { PublicReadModel, touchesPublicList } from './public-read-model';
export {
  addVenueImage,
  removeVenueImage,
  reorderVenueImages,
  storeVenueImage,
  type UploadedFile,
} from './images';
export { decideVenue, deleteVenue } from './moderate';
export { getVenue, listHostVenues } from './queries';
export {
  ListPageJson,
  filterConditions,
  listVenues,
  listVenuesJson,
  type Memo,
  type VenueListPage,
} from './search';
export {
  EDIT_OWN_VENUES_ONLY,
  VENUE_NOT_FOUND,
  imageView,
  mediaUrl,
  type AdminVenue,
  type FullVenue,
  type PublicVenue,
  type VenueImage,
} from './shared';
export { updateVenue } from './update';

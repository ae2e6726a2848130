/** The venues feature's public face: pages and other features import only from here. */
export { Hero } from './Hero';
export { HostVenueList } from './HostVenueList';
export { PhotoList, PhotoPickerButton } from './PhotoList';
export { VenueBrowser } from './VenueBrowser';
export { VenueAmenities, VenueHoursTable, VenueRatesTable, VenueSection } from './VenueFacts';
export { VenueBookingBar } from './VenueBookingBar';
export { VenueGallery } from './VenueGallery';
export { VenuePhoto } from './VenuePhoto';
export { VenuePhotosManager } from './VenuePhotosManager';
export { VenueStatusBadge } from './VenueStatusBadge';
export { amenityIcon } from './amenityIcons';
export {
  invalidateVenueViews,
  uploadVenueImage,
  useAdminVenues,
  useDeleteVenue,
  useHostVenues,
  useVenue,
  useVenueDecision,
  venueListPath,
  venuesApi,
} from './data';
export { venueListQueryFor } from './useVenueFilters';
export {
  AmenitiesSection,
  BasicInfoSection,
  createVenueResolver,
  editVenueResolver,
  emptyVenueForm,
  fieldId,
  FormSection,
  HoursSection,
  PaymentSection,
  PricingSection,
  venueToForm,
  type VenueEditOutput,
  type VenueFormValues,
} from './form';
export { usePendingPhotos } from './usePendingPhotos';
export { SaveVenueButton } from './SaveVenueButton';
export { SavedVenuesList } from './SavedVenuesList';
export { savedVenuesKey } from './savedData';
export { ShareVenueButton } from './ShareVenueButton';

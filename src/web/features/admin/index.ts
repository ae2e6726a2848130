/** The admin feature's public face: pages and other features import only from here. */
export { BookingManagementTab } from './BookingManagementTab';
export { ManageVenuesTab } from './ManageVenuesTab';
export { AuditTab } from './AuditTab';
export { ReviewsTab } from './ReviewsTab';
export { OperationsTab } from './operations/OperationsTab';
export { TransactionManagementTab } from './TransactionManagementTab';
export { VenueApprovalsTab } from './VenueApprovalsTab';
export { useAdminStats } from './data';
export { PayoutsTab } from './PayoutsTab';

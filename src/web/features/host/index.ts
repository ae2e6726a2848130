/** The host feature's public face: pages and other features import only from here. */
export { HostApprovedVenuesTab } from './HostApprovedVenuesTab';
export { EarningsTab } from './EarningsTab';
export { HostBookingsTab } from './HostBookingsTab';
export { HostPendingVenuesTab } from './HostPendingVenuesTab';
export { HostVenuesTab } from './HostVenuesTab';
export { useHostStats } from './data';
export { HostActivityTab } from './HostActivityTab';

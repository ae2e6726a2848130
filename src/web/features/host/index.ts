/** The host feature's public face: pages and other features import only from here. */
export { HostApprovedVenuesTab } from './HostApprovedVenuesTab';
export { HostBookingsTab } from './HostBookingsTab';
export { HostPendingVenuesTab } from './HostPendingVenuesTab';
export { HostVenuesTab } from './HostVenuesTab';
export { useHostStats } from './data';

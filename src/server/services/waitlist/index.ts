/**
 * The waitlist for a taken night (issue 14, decision record 19): join, leave, the guest's list,
 * the host's demand per date, and telling the waitlist when a confirmed booking lets its time go.
 */
export { joinWaitlist } from './join';
export { leaveWaitlist } from './leave';
export { releaseToWaitlist } from './notify';
export { listMyWaitlist, venueWaitlistDemand, type WaitlistEntryView } from './queries';

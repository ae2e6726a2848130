/** The waitlist feature's public face (issue 14): pages and other features import only from here. */
export { invalidateWaitlist, useMyWaitlist, useWaitlistDemand, waitlistApi } from './data';
export { JoinWaitlistButton, WAITLIST_JOINED } from './JoinWaitlistButton';
export { MyWaitlists } from './MyWaitlists';
export { WaitlistNotices } from './WaitlistNotices';

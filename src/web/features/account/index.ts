/** The signed-in person's own account (issue 31): the settings page's sections and their data. */
export { AccountSettings } from './AccountSettings';
export { accountApi, useAccount } from './data';

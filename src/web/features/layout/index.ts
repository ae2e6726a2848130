/** The layout feature's public face: pages and other features import only from here. */
export { AppLayout } from './AppLayout';

/** Receipts (issue 31): a paid booking's receipt page. */
export { ReceiptView } from './ReceiptView';

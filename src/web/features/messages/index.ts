/** The messages feature's public face: pages and other features import only from here. */
export { ConversationPanel } from './ConversationPanel';
export { MessageText } from './MessageText';
export { CONVERSATION_PARAM, MessagesButton } from './MessagesButton';
export { UnreadBadge } from './UnreadBadge';
export { messagesApi, useConversation, useUnreadCounts, useUnreadFor } from './data';

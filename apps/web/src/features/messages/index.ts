export { AdminMessagesPage } from './admin-messages-page';
export { MessagesNavLabel } from './messages-nav-label';

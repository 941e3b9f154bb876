export { notify, dismiss, NOTIFICATION_LIFETIME_MS, type Notification, type NotificationType } from './store';

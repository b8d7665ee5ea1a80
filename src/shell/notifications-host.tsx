import '@mantine/notifications/styles.layer.css';
import { Notifications } from '@mantine/notifications';

/** Mantine's toast container (with its transitions), loaded with the first toast (app.tsx). */
export default function NotificationsHost() {
  return <Notifications position="top-right" />;
}

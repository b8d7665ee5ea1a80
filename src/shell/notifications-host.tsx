import '@mantine/notifications/styles.layer.css';
import { Notifications } from '@mantine/notifications';

/**
 * Mantine's toast container (with its transitions), loaded with the first toast (app.tsx). At the
 * bottom centre, clear of the navbar's controls and of the rows' actions.
 */
export default function NotificationsHost() {
  return <Notifications position="bottom-center" />;
}

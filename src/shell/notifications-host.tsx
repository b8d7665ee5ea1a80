import '@mantine/notifications/styles.layer.css';
import { Notifications } from '@mantine/notifications';
import classes from './notifications-host.module.css';

/**
 * Mantine's toast container (with its transitions), loaded with the first toast (app.tsx). At the
 * bottom centre, clear of the navbar's controls and of the rows' actions; above a form's pinned
 * Save and Cancel while one is open (notifications-host.module.css).
 */
export default function NotificationsHost() {
  return <Notifications position="bottom-center" className={classes.root} />;
}

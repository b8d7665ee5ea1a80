import { notifications } from '@mantine/notifications';

/** A short green confirmation; errors are toasted by the http client itself (docs/product.md §8). */
export function notifySuccess(message: string): void {
  notifications.show({ color: 'green', message, autoClose: 3000, withBorder: true });
}

/** Kept on this device to be sent later (offline): a state, not a success nor an error. */
export function notifyQueued(message: string): void {
  notifications.show({ color: 'blue', message, autoClose: 4000, withBorder: true });
}

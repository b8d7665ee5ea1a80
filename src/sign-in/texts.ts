import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';

/**
 * The static page's words (login.html's `data-i18n*` attributes hold the English text) and their
 * messages: the same as the console's, so they share the catalogue's translations.
 */
export const TEXTS: Record<string, MessageDescriptor> = {
  Language: msg`Language`,
  'Library back office': msg`Library back office`,
  Staff: msg`Staff`,
  Administrator: msg`Administrator`,
  'Staff sign-in': msg`Staff sign-in`,
  'Administrator sign-in': msg`Administrator sign-in`,
  'Phone number': msg`Phone number`,
  'Staff phone number': msg`Staff phone number`,
  'Staff password': msg`Staff password`,
  Account: msg`Account`,
  'Administrator account': msg`Administrator account`,
  'Administrator password': msg`Administrator password`,
  Password: msg`Password`,
  'Show or hide the password': msg`Show or hide the password`,
  'Caps Lock is on': msg`Caps Lock is on`,
  'Keep me signed in on this device': msg`Keep me signed in on this device`,
  'Not on a shared or public computer': msg`Not on a shared or public computer`,
  'Sign in': msg`Sign in`,
};

export const missingUser = (label: string): MessageDescriptor => msg`Please enter your ${label.toLowerCase()}`;
export const missingPassword: MessageDescriptor = msg`Please enter your password`;
export const fallbackError: MessageDescriptor = msg`Error`;

/** A saved sign-in the server refused (src/routes/-guard.ts): expired, or ended or not genuine. */
export const sessionExpired: MessageDescriptor = msg`Your session has expired: sign in again.`;
export const sessionRefused: MessageDescriptor = msg`You were signed out: your saved sign-in was ended or is not valid. Sign in again.`;
/** The browser has no network (the same words as the console's). */
export const offline: MessageDescriptor = msg`You are offline. This needs the server; try again when you are back online.`;

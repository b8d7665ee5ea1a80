import { proxy } from 'valtio';

/**
 * "Confirm it's you" (components/reauth-dialog.tsx): asked by withReauth when the server refuses a
 * change of sign-in details for want of a recent sign-in. One question at a time; a second asker
 * waits for the same answer.
 */
export const reauthState = proxy({ open: false });
let pending: Promise<boolean> | undefined;
let answer: ((confirmed: boolean) => void) | undefined;

export function askReauth(): Promise<boolean> {
  pending ??= new Promise<boolean>((resolve) => {
    answer = resolve;
    reauthState.open = true;
  });
  return pending;
}

/** The dialog's outcome: confirmed (the server marked the session) or cancelled. */
export function settleReauth(confirmed: boolean): void {
  reauthState.open = false;
  answer?.(confirmed);
  answer = undefined;
  pending = undefined;
}

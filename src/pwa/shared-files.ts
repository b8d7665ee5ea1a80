import { i18n } from '@lingui/core';
import { msg, plural } from '@lingui/core/macro';
import { notifications } from '@mantine/notifications';
import { useEffect, useRef } from 'react';
import { proxy, subscribe } from 'valtio';
import { type SharedEntry, type SharedKind, takeShared } from '../sw/protocol/shared-files';

/**
 * The page's side of files shared to Lectern or opened with it (sw/protocol/shared-files.ts): the
 * screen that takes a kind calls `useSharedFiles` and gets the waiting files when it opens, and
 * again whenever a launch adds more while it is open. Files the console cannot take are reported
 * here, by name, in a notice that stays until closed: nothing shared disappears without a word.
 */
export const sharedFilesSignal = proxy({ version: 0 });

/**
 * Calls `take` with the files of `kind` waiting on this device (each file goes to one caller).
 * While `ready` is false they keep waiting (the image upload needs the network; the video queue
 * waits for it by itself).
 */
export function useSharedFiles(kind: SharedKind, take: (entries: SharedEntry[]) => void, ready = true): void {
  const latest = useRef(take);
  latest.current = take;
  useEffect(() => {
    if (!ready) return;
    // Whatever a run took is handed on even if this screen has gone meanwhile (React's double
    // effect in development): takeShared deleted it, so it must reach the queue.
    const run = () =>
      takeShared(kind).then(
        ({ taken, refused, others }) => {
          if (taken.length) latest.current(taken);
          for (const e of refused) notifyRefused(e);
          if (others) notifyOthers(kind, others);
        },
        (e: unknown) => console.warn('[share] could not read the shared files:', e),
      );
    if (consumeFailedFlag()) notifyFailed();
    void run();
    return subscribe(sharedFilesSignal, () => void run());
  }, [kind, ready]);
}

/** Tells the screens that files were just kept (a launch while the console is open). */
export const sharedFilesArrived = (): void => {
  sharedFilesSignal.version++;
};

function notifyRefused(e: SharedEntry): void {
  const name = e.name || i18n._(msg`A shared file`);
  notifications.show({
    color: 'red',
    autoClose: false,
    withBorder: true,
    message:
      e.reason === 'size'
        ? i18n._(msg`${name} was not added: images may be at most 5 MiB.`)
        : i18n._(msg`${name} was not added: Lectern takes videos and PNG, JPEG, WebP or GIF images.`),
  });
}

function notifyOthers(kind: SharedKind, count: number): void {
  notifications.show({
    color: 'blue',
    autoClose: false,
    withBorder: true,
    message:
      kind === 'video'
        ? i18n._(
            msg`${plural(count, { one: '# shared image is waiting in Images.', other: '# shared images are waiting in Images.' })}`,
          )
        : i18n._(
            msg`${plural(count, { one: '# shared video is waiting in Upload videos.', other: '# shared videos are waiting in Upload videos.' })}`,
          ),
  });
}

function notifyFailed(): void {
  notifications.show({
    color: 'red',
    autoClose: false,
    withBorder: true,
    message: i18n._(msg`The shared files could not be kept on this device. Please share them again.`),
  });
}

/** The worker's `?shareFailed=1` (it could not keep a share), read once and removed from the address. */
function consumeFailedFlag(): boolean {
  if (typeof location === 'undefined') return false;
  const url = new URL(location.href);
  if (!url.searchParams.has('shareFailed')) return false;
  url.searchParams.delete('shareFailed');
  history.replaceState(history.state, '', url.pathname + url.search + url.hash);
  return true;
}

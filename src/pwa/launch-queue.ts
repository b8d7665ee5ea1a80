import { useRouter } from '@tanstack/react-router';
import { useEffect } from 'react';
import { stripBase } from '../lib/paths';
import { entriesOf, keepShared, SHARED_SCREENS, type SharedEntry, screenFor } from '../sw/protocol/shared-files';
import { sharedFilesArrived } from './shared-files';

/**
 * Launches of the installed app (`window.launchQueue`, Chromium): files opened with it (the
 * manifest's file_handlers) go the way of a share — kept, then the screen that takes them opens
 * and finds them (shared-files.ts) — and, since the manifest asks to focus the running window
 * (launch_handler focus-existing), a shortcut launched while the app is open moves that window to
 * the shortcut's screen instead of doing nothing.
 */

/** What the consumer reads of LaunchParams (a FileSystemFileHandle has getFile). */
export interface Launch {
  targetURL?: string | null;
  files: readonly { kind?: string; getFile(): Promise<File> }[];
}

export interface LaunchDeps {
  keep: (entries: SharedEntry[]) => Promise<void>;
  /** Opens a console path (without the base path), e.g. `/web/video-upload`. */
  go: (path: string) => void;
  /** The console path shown now (without the base path). */
  here: () => string;
  base: string;
  arrived: () => void;
}

/** Handles one launch; returns where it went (undefined: it stayed). */
export async function consumeLaunch(launch: Launch, deps: LaunchDeps): Promise<string | undefined> {
  const handles = launch.files.filter((h) => h.kind === undefined || h.kind === 'file');
  if (handles.length) {
    const files = await Promise.all(handles.map((h) => h.getFile()));
    const entries = entriesOf(files, 'launch');
    await deps.keep(entries);
    const to = `/${SHARED_SCREENS[screenFor(entries)]}`;
    // Already there: the open screen takes them when told.
    if (deps.here() !== to) deps.go(to);
    deps.arrived();
    return to;
  }
  if (!launch.targetURL) return undefined;
  const target = new URL(launch.targetURL);
  if (!target.pathname.startsWith(deps.base)) return undefined;
  const to = `/${target.pathname.slice(deps.base.length)}${target.search}`;
  // The plain app icon (start_url) keeps the screen the user was on.
  if (to === '/' || to === deps.here()) return undefined;
  deps.go(to);
  return to;
}

interface LaunchQueue {
  setConsumer(consumer: (launch: Launch) => void): void;
}

/** Registers the consumer once the console is up; launches before that wait in the browser's queue. */
export function useLaunchQueue(): void {
  const router = useRouter();
  useEffect(() => {
    const queue = (window as Window & { launchQueue?: LaunchQueue }).launchQueue;
    if (!queue) return;
    const base = import.meta.env.BASE_URL;
    queue.setConsumer((launch) => {
      consumeLaunch(launch, {
        keep: keepShared,
        go: (to) => void router.navigate({ href: to }),
        here: () => stripBase(router.state.location.pathname),
        base,
        arrived: sharedFilesArrived,
      }).catch((e: unknown) => console.error('[launch] not taken:', e));
    });
  }, [router]);
}

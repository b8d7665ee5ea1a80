import { checkpointStore } from '../../upload/persist';

/**
 * File System Access, where the browser has it (Chromium): files chosen through
 * `showOpenFilePicker` or dropped come with a handle, which the worker stores with the checkpoint
 * (handles survive IndexedDB). After a reload the console reopens the file from its handle, so an
 * interrupted upload resumes without the user finding the file again. Elsewhere, the file input
 * and choosing the file again work as before.
 */
type Permission = 'granted' | 'denied' | 'prompt';
interface PermissionedHandle extends FileSystemFileHandle {
  queryPermission?(d: { mode: 'read' }): Promise<Permission>;
  requestPermission?(d: { mode: 'read' }): Promise<Permission>;
}
interface PickerWindow {
  showOpenFilePicker?(o: {
    multiple?: boolean;
    types?: { description?: string; accept: Record<string, string[]> }[];
  }): Promise<FileSystemFileHandle[]>;
}

export interface PickedFile {
  file: File;
  handle?: FileSystemFileHandle;
}

const VIDEO_EXTENSIONS = [
  '.mp4',
  '.m4v',
  '.mov',
  '.webm',
  '.mkv',
  '.avi',
  '.flv',
  '.wmv',
  '.mpg',
  '.mpeg',
  '.ts',
  '.3gp',
];

export const canKeepHandles = (): boolean =>
  typeof window !== 'undefined' && typeof (window as PickerWindow).showOpenFilePicker === 'function';

/** The browser's file picker with handles; null when the user closed it. Throws where unsupported. */
export async function pickWithHandles(description: string): Promise<PickedFile[] | null> {
  const open = (window as PickerWindow).showOpenFilePicker;
  if (!open) throw new Error('showOpenFilePicker is not available');
  let handles: FileSystemFileHandle[];
  try {
    handles = await open.call(window, {
      multiple: true,
      types: [{ description, accept: { 'video/*': VIDEO_EXTENSIONS } }],
    });
  } catch (e) {
    if ((e as DOMException).name === 'AbortError') return null;
    throw e;
  }
  return Promise.all(handles.map(async (handle) => ({ file: await handle.getFile(), handle })));
}

/**
 * Dropped files with their handles. `getAsFileSystemHandle` must be called while the drop event is
 * being dispatched, so call this synchronously from the handler.
 */
export function droppedFiles(dt: DataTransfer): Promise<PickedFile[]> {
  const items = [...dt.items].filter((i) => i.kind === 'file');
  const pending = items.map((item) => {
    const file = item.getAsFile();
    const get = (item as { getAsFileSystemHandle?: () => Promise<FileSystemHandle | null> }).getAsFileSystemHandle;
    const handle = get ? get.call(item).catch(() => null) : Promise.resolve(null);
    return handle.then((h) => ({ file, handle: h?.kind === 'file' ? (h as FileSystemFileHandle) : undefined }));
  });
  return Promise.all(pending).then((list) =>
    list.flatMap((p) => (p.file ? [{ file: p.file, ...(p.handle ? { handle: p.handle } : {}) }] : [])),
  );
}

/**
 * The file of an interrupted upload, from the handle stored with its checkpoint; asks for read
 * permission again if the browser forgot it (call from a click). Null when there is no handle or
 * the user refused.
 */
export async function reopenInterrupted(key: string): Promise<PickedFile | null> {
  const rec = await checkpointStore().load(key);
  const handle = rec?.handle as PermissionedHandle | undefined;
  if (!handle) return null;
  const mode = { mode: 'read' } as const;
  const granted =
    (await handle.queryPermission?.(mode)) === 'granted' || (await handle.requestPermission?.(mode)) === 'granted';
  if (!granted && handle.queryPermission) return null;
  return { file: await handle.getFile(), handle };
}

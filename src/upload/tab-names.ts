/**
 * The names the console's windows share for the upload worker (tabs.ts): the Web Lock the window
 * running the worker holds, and the BroadcastChannel its progress and the others' commands travel
 * on. Their own module so the navbar can listen without loading the upload code.
 */
export const UPLOAD_LOCK = 'lectern-upload-worker';
export const UPLOAD_CHANNEL = 'lectern-upload';

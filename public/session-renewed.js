// The sign-in page renewed the session inside the console's dialog (src/features/session/): the
// new credential is in the shared cookie; the console, this frame's parent, checks it is the same
// member and carries on. Opened on its own (no parent), it goes to the console.
if (window.parent !== window) window.parent.postMessage({ type: 'lectern:session-renewed' }, location.origin);
else location.replace('./');

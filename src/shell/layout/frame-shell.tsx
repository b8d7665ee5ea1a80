import { useLayoutEffect } from 'react';
import { useSnapshot } from 'valtio';
import { appStore } from '../../stores/app';

/**
 * The console's frame as index.html draws it before any code (classes in shell/global.css): the
 * layout's background, the sidebar column, the header with the menu button. React draws the same
 * while the real frame is built in a transition, so the page goes from the drawing to the frame
 * without a blank moment.
 */
export function FrameShell() {
  const { sidebar } = useSnapshot(appStore);
  return (
    <div className="frame-shell" aria-hidden="true" data-sidebar={sidebar.opened ? undefined : 'closed'}>
      <div className="frame-shell-sidebar" />
      <div className="frame-shell-main">
        <div className="frame-shell-header">
          <svg className="frame-shell-burger" viewBox="0 0 18 14" width="18" height="14" aria-hidden="true">
            <path d="M0 1h18M0 7h18M0 13h18" stroke="currentColor" strokeWidth="2" />
          </svg>
        </div>
      </div>
    </div>
  );
}

/**
 * index.html's drawing goes with the first commit that shows something of the console's own (any
 * page of the root route, or its error page), in that commit, before it is painted.
 */
export function useBootShellRemoved(): void {
  useLayoutEffect(() => {
    document.getElementById('frame-shell')?.remove();
  }, []);
}

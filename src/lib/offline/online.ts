import { useSyncExternalStore } from 'react';

/** navigator.onLine as React state (the browser's own view; a request can still fail while "online"). */
export function useOnline(): boolean {
  return useSyncExternalStore(subscribe, getOnline, () => true);
}

function subscribe(onChange: () => void): () => void {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

const getOnline = () => navigator.onLine;

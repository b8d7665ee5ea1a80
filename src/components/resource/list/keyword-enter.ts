import { useEffect, useRef } from 'react';

/**
 * What a screen does with Enter in its list's search box before the search does (a USB barcode
 * scanner types an ISBN and Enter: Books opens that book). `true`: taken, the box empties and no
 * search is made; `false`: a search as usual. One list is on screen at a time; the last screen
 * mounted answers.
 */
export type KeywordEnter = (text: string) => boolean;

const handlers: KeywordEnter[] = [];

/** Asked by the search box on Enter. */
export function takeKeywordEnter(text: string): boolean {
  const last = handlers.at(-1);
  return last ? last(text) : false;
}

/** A screen's handler while it is mounted; it may change identity on every render. */
export function useKeywordEnter(handler: KeywordEnter): void {
  const latest = useRef(handler);
  latest.current = handler;
  useEffect(() => {
    const entry: KeywordEnter = (text) => latest.current(text);
    handlers.push(entry);
    return () => {
      handlers.splice(handlers.indexOf(entry), 1);
    };
  }, []);
}

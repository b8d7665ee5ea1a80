/**
 * The image picker's pure parts: which page of the library to ask for, and where the arrow keys
 * move in the grid of thumbnails.
 */

/** Thumbnails per row: the arrow keys move by this much up and down, so the CSS grid uses it too. */
export const PICKER_COLUMNS = 4;
/** One of the page sizes the API accepts (10, 20, 50, 100): five rows of four. */
export const PICKER_PAGE_SIZE = 20;
/** Typing waits this long before asking the server, as the list screens' search does. */
export const PICKER_SEARCH_DEBOUNCE_MS = 300;

/** `POST /image/page` body: newest first, so an image just uploaded is on page 1; by name as the Images screen searches. */
export function pickerPageBody(pageNum: number, keyword: string): Record<string, unknown> {
  const body: Record<string, unknown> = { pageNum, pageSize: PICKER_PAGE_SIZE, sort: 'createdAt', order: 'desc' };
  const k = keyword.trim();
  if (k) body.keyword = k;
  return body;
}

/**
 * The option the key moves to from `index` in a grid of `count` options, `columns` wide, or null
 * when the key is not a move. Left and right wrap across rows; up and down stay in the column and
 * stop at the edges; Home and End go to the first and last. Nothing active yet (-1): any move
 * starts at the first option.
 */
export function gridMove(index: number, key: string, count: number, columns = PICKER_COLUMNS): number | null {
  if (count <= 0) return null;
  if (index < 0 || index >= count) {
    return ['ArrowRight', 'ArrowLeft', 'ArrowDown', 'ArrowUp', 'Home'].includes(key)
      ? 0
      : key === 'End'
        ? count - 1
        : null;
  }
  switch (key) {
    case 'ArrowRight':
      return Math.min(index + 1, count - 1);
    case 'ArrowLeft':
      return Math.max(index - 1, 0);
    case 'ArrowDown':
      return index + columns < count ? index + columns : index;
    case 'ArrowUp':
      return index - columns >= 0 ? index - columns : index;
    case 'Home':
      return 0;
    case 'End':
      return count - 1;
    default:
      return null;
  }
}

/** Pages of a library of `total` images. */
export const pageCount = (total: number): number => Math.max(1, Math.ceil(total / PICKER_PAGE_SIZE));

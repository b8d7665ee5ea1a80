import sanitizeHtml from 'sanitize-html';
import { invalidField } from '../../../server/http/errors';

/**
 * News content is HTML from the console's editor, later shown on the public site, so it is cleaned
 * on every write: no scripts, styles, frames or forms, no on* handlers (attributes not listed are
 * dropped), and links/images only with safe schemes (javascript:, data:, vbscript: are removed).
 */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    ...sanitizeHtml.defaults.allowedTags.filter((t) => t !== 'style'),
    'img',
    'h1',
    'h2',
    'span',
    'del',
    's',
    'u',
    'mark',
  ],
  allowedAttributes: {
    a: ['href', 'title', 'target', 'rel'],
    img: ['src', 'alt', 'title', 'width', 'height'],
    th: ['colspan', 'rowspan'],
    td: ['colspan', 'rowspan'],
    ol: ['start'],
    '*': ['class'],
  },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowProtocolRelative: false,
  // A link opened in a new tab must not get a handle on the opener.
  transformTags: {
    a: (tagName, attribs) => ({
      tagName,
      attribs: attribs.target === '_blank' ? { ...attribs, rel: 'noopener noreferrer' } : attribs,
    }),
  },
};

/**
 * How deep the elements of news content may nest. An editor's tables and lists stay far below it;
 * past it the parser's cost per tag grows with the depth (100,000 characters of `<b>` or `<a>`
 * held the event loop for a quarter of a second, `</p>` or `</i>` after them for half a second).
 */
export const MAX_RICH_TEXT_DEPTH = 100;

class TooDeep extends Error {}

/**
 * The cleaned HTML, or 400 on `content` (max_depth) as soon as an element would open past
 * MAX_RICH_TEXT_DEPTH: the parse stops there, so its work per tag stays bounded by the limit.
 * The count follows the parser's own opens and closes, implied ones included.
 */
export function sanitizeRichText(html: string): string {
  let depth = 0;
  try {
    return sanitizeHtml(html, {
      ...OPTIONS,
      onOpenTag: () => {
        if (++depth > MAX_RICH_TEXT_DEPTH) throw new TooDeep();
      },
      onCloseTag: () => {
        depth--;
      },
    });
  } catch (err) {
    if (!(err instanceof TooDeep)) throw err;
    throw invalidField('content', `nests deeper than ${MAX_RICH_TEXT_DEPTH} levels`, {
      code: 'max_depth',
      params: { max: MAX_RICH_TEXT_DEPTH },
    });
  }
}

/**
 * Smaller copies of library images (docs/api.md §7, `GET <image URL>?w=N`): the widths the server
 * makes, and how a page asks for the smallest copy that fills a box at the screen's pixel ratio.
 */
export const IMAGE_VARIANT_WIDTHS = [160, 320, 640, 1024, 2048] as const;
export type ImageVariantWidth = (typeof IMAGE_VARIANT_WIDTHS)[number];

/** The copy made for a requested width: the next of IMAGE_VARIANT_WIDTHS, or null past the largest. */
export function snapImageWidth(requested: number): ImageVariantWidth | null {
  return IMAGE_VARIANT_WIDTHS.find((w) => w >= requested) ?? null;
}

const LARGEST: ImageVariantWidth = 2048;

/** A stored library image (`/prod-api/files/images/<name>`); other addresses have no copies. */
const LIBRARY_IMAGE = /\/files\/images\/[0-9a-f]{32}\.(png|jpg|webp|gif)$/;

/** The densities a srcset covers: phones are 2× to 3×. */
const MAX_DENSITY = 3;

/**
 * `src`, `srcSet` and `sizes` for an <img> drawn `cssWidth` px wide: the browser picks the smallest
 * copy that fills it at its pixel ratio (a 32 px cover: the 160 px copy, a few KiB, instead of the
 * original photo). Addresses that are not library images come back as they are.
 */
export function imageSources(url: string, cssWidth: number): { src: string; srcSet?: string; sizes?: string } {
  if (!LIBRARY_IMAGE.test(url)) return { src: url };
  const largest = snapImageWidth(cssWidth * MAX_DENSITY) ?? LARGEST;
  const widths = IMAGE_VARIANT_WIDTHS.filter((w) => w <= largest);
  return {
    src: `${url}?w=${snapImageWidth(cssWidth) ?? largest}`,
    srcSet: widths.map((w) => `${url}?w=${w} ${w}w`).join(', '),
    sizes: `${cssWidth}px`,
  };
}

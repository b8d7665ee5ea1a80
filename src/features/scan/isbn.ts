/**
 * What a scan reads: the EAN-13 on a book's back cover is its ISBN-13 ("Bookland": prefix 978 or
 * 979). Pure, shared by the camera and by a USB scanner typing into the search box.
 */

/** The EAN-13 check digit of its first twelve digits (weights 1, 3, 1, 3, …). */
export function ean13CheckDigit(twelve: string): number {
  let sum = 0;
  for (let i = 0; i < 12; i++) sum += Number(twelve[i]) * (i % 2 === 0 ? 1 : 3);
  return (10 - (sum % 10)) % 10;
}

/**
 * A decoded EAN-13 as the scanner sees it: thirteen digits, a book's prefix and a right check digit
 * give the ISBN-13; anything else (a shop's product code) is undefined.
 */
export function isbnFromEan13(text: string): string | undefined {
  const s = text.trim();
  if (!/^97[89]\d{10}$/.test(s)) return undefined;
  return ean13CheckDigit(s) === Number(s[12]) ? s : undefined;
}

/**
 * What a USB barcode scanner types into the search box (the digits, then Enter): an ISBN-13, maybe
 * with the hyphens of a hand-typed one. Plain text (a title, 12 digits, a wrong check digit) is not,
 * and stays a keyword search.
 */
export function isbnFromTyped(text: string): string | undefined {
  const s = text.trim();
  if (!/^[\d-]+$/.test(s)) return undefined;
  return isbnFromEan13(s.replace(/-/g, ''));
}

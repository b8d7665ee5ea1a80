/** ISBN-10 / ISBN-13 check digits (docs/api.md §4: "ISBN-10 or -13 with a valid check digit"). */
export function normalizeIsbn(raw: string): string {
  return raw.replace(/[\s-]/g, '').toUpperCase();
}

export function isValidIsbn(raw: string): boolean {
  const s = normalizeIsbn(raw);
  if (/^\d{9}[\dX]$/.test(s)) {
    let sum = 0;
    for (let i = 0; i < 10; i++) {
      const c = s[i] as string;
      sum += (c === 'X' ? 10 : Number(c)) * (10 - i);
    }
    return sum % 11 === 0;
  }
  if (/^\d{13}$/.test(s)) {
    let sum = 0;
    for (let i = 0; i < 13; i++) sum += Number(s[i]) * (i % 2 === 0 ? 1 : 3);
    return sum % 10 === 0;
  }
  return false;
}

/**
 * The ISBN-13 of a valid ISBN-10 (prefix 978, new check digit); anything else unchanged. Books are
 * kept under their ISBN-13, so one book entered as 0306406152 and as 9780306406157 is one book.
 */
export function toIsbn13(isbn: string): string {
  const s = normalizeIsbn(isbn);
  if (!/^\d{9}[\dX]$/.test(s) || !isValidIsbn(s)) return s;
  const twelve = `978${s.slice(0, 9)}`;
  let sum = 0;
  for (let i = 0; i < 12; i++) sum += Number(twelve[i]) * (i % 2 === 0 ? 1 : 3);
  return `${twelve}${(10 - (sum % 10)) % 10}`;
}

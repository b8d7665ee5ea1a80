import type { Page } from 'playwright-core';

/**
 * Texts on the page drawn narrower than they are: status badges, column headers, buttons and
 * table cells whose content is cut off without a way to read it in full (an ellipsis with a title
 * or tooltip is a way; a `title` attribute on the element or an ancestor counts).
 */
export function clippedTexts(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const out: string[] = [];
    const selectors = ['.mantine-Badge-label', 'thead th', 'thead th *', '.mantine-Button-label', 'tbody td'];
    for (const el of document.querySelectorAll<HTMLElement>(selectors.join(','))) {
      // Not drawn, or only for screen readers (1 × 1 px on purpose).
      if (el.offsetParent === null || el.closest('.mantine-VisuallyHidden-root')) continue;
      const over = el.scrollWidth - el.clientWidth > 1 || el.scrollHeight - el.clientHeight > 1;
      if (!over) continue;
      const s = getComputedStyle(el);
      // Clipped only where the overflow is hidden (visible overflow spills, which a scroll box shows).
      if (s.overflowX === 'visible' && s.overflowY === 'visible') continue;
      if (el.closest('[title]') || el.closest('[data-full-text]')) continue;
      const text = (el.textContent ?? '').trim().slice(0, 40);
      if (!text) continue;
      out.push(
        `${el.tagName.toLowerCase()}.${[...el.classList].filter((c) => c.startsWith('mantine-')).join('.')} "${text}" (${el.scrollWidth}×${el.scrollHeight} in ${el.clientWidth}×${el.clientHeight})`,
      );
    }
    return out;
  });
}

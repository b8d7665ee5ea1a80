/**
 * The second step's DOM helpers (second-step.ts, enrol-step.ts, code-input.ts): a module of their
 * own so the code input can use them without importing the step that imports it.
 */

export const el = <K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attrs: Record<string, string> = {},
  children: (Node | string)[] = [],
): HTMLElementTagNameMap[K] => {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  e.append(...children);
  return e;
};
/** An element whose English text is translated by the page (data-i18n). */
export const worded = <K extends keyof HTMLElementTagNameMap>(
  tag: K,
  text: string,
  attrs: Record<string, string> = {},
) => el(tag, { ...attrs, 'data-i18n': text }, [text]);

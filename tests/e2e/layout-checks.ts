import type { Page } from 'playwright-core';

/**
 * The layout audit's checks, measured in the page as drawn (no vitest in here: the screenshot
 * script uses them too). Each finding names its element by text and test id with its box
 * (`left,top width×height` in CSS px of the viewport), so a report says where to look.
 *
 * - `sideways-scroll`: the page is wider than the viewport; the outermost elements that stick out.
 * - `action-offscreen`: the primary action, or a row's action, not wholly inside the viewport
 *   horizontally (cut by the screen's edge or by a box it is scrolled or clipped out of), or the
 *   primary action below the first screen.
 * - `overlap`: two interactive elements drawn over each other (parts of one input, such as its
 *   clear button, are one control).
 * - `covers-text`: an interactive element drawn over a text that is not its own.
 * - `clipped-text`: a text cut by a box with hidden overflow (ellipsis, line clamp, a badge cut by
 *   its row) with no `title`, `aria-label` or `data-full-text` giving the whole text; or a badge
 *   or a control partly cut away.
 * - `small-target` (phones): a target under 24 × 24 px, unless a 24 px circle on it touches no
 *   other target (WCAG 2.2, 2.5.8), or it is a link inside a sentence.
 * - `wrapped-row`: a row of controls that must stay one row (`data-one-row`: a phone's list
 *   toolbar) broken onto two or more lines (two controls that share no height).
 * - `narrow-input`: a text field under 120 px that cannot show its whole value (or, empty, its
 *   placeholder): a 58 px address field showed "https:/", which can be neither read nor edited.
 *   A wider field may scroll a long value: enough of it shows to know which it is.
 * - `cut-label`: a menu entry's label (in `[data-menu]`: the console's menu), or a label beside a
 *   badge in its row, cut short (an ellipsis), even with a `title`: a finger has no hover, and a
 *   menu's labels or a badge's are what a user scans for. (Tabs of long record titles may be cut.)
 * - `small-target` also: a floating primary action (the phone's New) under 44 × 44 px, the size
 *   a thumb's main action needs (Apple's and Material's guidance; WCAG 2.5.5).
 * - `colliding-labels`: two texts of one SVG (a chart's tick labels) drawn into or touching each
 *   other, so they read as one ("11月25日11月28日").
 * - `spilled-text`: a table cell's text drawn outside its cell (a header running into the next
 *   column), where no overflow hides it.
 * - `sideways-scroll` also, on phones: a table that scrolls sideways inside its box, its columns
 *   cut at the box's edge ("Di…", "12…"): a phone shows a table's rows as stacked blocks.
 *
 * The primary action includes a form's Save (`data-primary-action`): on the first screen of its
 * dialog, wholly, however long the form. What scrolls under a fixed box or a pinned bar
 * (`data-pinned`) is not judged against it.
 */
export type DefectKind =
  | 'sideways-scroll'
  | 'action-offscreen'
  | 'overlap'
  | 'covers-text'
  | 'clipped-text'
  | 'small-target'
  | 'wrapped-row'
  | 'narrow-input'
  | 'cut-label'
  | 'colliding-labels'
  | 'spilled-text';

export interface Defect {
  kind: DefectKind;
  /** What and where: element(s), texts and boxes. */
  detail: string;
}

export interface AuditOptions {
  /** Phone width: targets must be 24 × 24 px. */
  phone: boolean;
  /** The screen's primary action (must be on the first screen, wholly). */
  primary?: string;
  /** A row's actions (must be wholly inside the viewport horizontally). */
  rowActions?: string;
}

export const PRIMARY_ACTIONS = '[data-testid=create-record], [data-primary-action]';
export const ROW_ACTIONS =
  '[data-testid=row-edit], [data-testid=row-delete], [data-testid=row-actions], [data-row-action], [data-testid=resource-row] button[data-testid^="apply-"]';

/** Runs every check on the page as it is now (scrolled to the top first). */
export async function layoutDefects(page: Page, options: AuditOptions): Promise<Defect[]> {
  const opts = { primary: PRIMARY_ACTIONS, rowActions: ROW_ACTIONS, ...options };
  // A string, not a function: what a bundler adds to functions (esbuild's __name) is not in the page.
  return page.evaluate(
    `(() => { var __name = (f) => f; return (${auditInPage.toString()})(${JSON.stringify(opts)}); })()`,
  ) as Promise<Defect[]>;
}

/** Shortens a report: one line per defect. */
export function describeDefects(where: string, defects: readonly Defect[]): string[] {
  return defects.map((d) => `${where}: ${d.kind}: ${d.detail}`);
}

// Everything below runs in the page: self-contained, no imports, no helpers from outside.
function auditInPage(opts: Required<AuditOptions>): Defect[] {
  scrollTo(0, 0);
  const W = innerWidth;
  const H = innerHeight;
  const out: Defect[] = [];
  type Box = { l: number; t: number; r: number; b: number };
  const box = (r: DOMRect | Box): Box => ('l' in r ? r : { l: r.left, t: r.top, r: r.right, b: r.bottom });
  const inter = (a: Box, b: Box): Box => ({
    l: Math.max(a.l, b.l),
    t: Math.max(a.t, b.t),
    r: Math.min(a.r, b.r),
    b: Math.min(a.b, b.b),
  });
  const w = (a: Box) => Math.max(0, a.r - a.l);
  const h = (a: Box) => Math.max(0, a.b - a.t);
  const area = (a: Box) => w(a) * h(a);
  const show = (a: Box) => `[${Math.round(a.l)},${Math.round(a.t)} ${Math.round(w(a))}×${Math.round(h(a))}]`;
  const norm = (s: string | null | undefined) => (s ?? '').replace(/\s+/g, ' ').trim();
  const name = (el: Element) => {
    const id = el.getAttribute('data-testid');
    const text = norm(el.getAttribute('aria-label') || el.textContent || el.getAttribute('title'));
    const value = el instanceof HTMLInputElement ? norm(el.value || el.placeholder) : '';
    return `<${el.tagName.toLowerCase()}${id ? ` data-testid=${id}` : ''}> "${(text || value).slice(0, 60)}"`;
  };
  const INFINITE: Box = { l: -1e9, t: -1e9, r: 1e9, b: 1e9 };

  // What the user can reach now: the open modal dialog if there is one, else the page.
  const dialogs = [...document.querySelectorAll('[role=dialog][aria-modal=true], [role=dialog].mantine-Modal-content')]
    .filter((d) => (d as HTMLElement).checkVisibility?.() !== false && d.getBoundingClientRect().width > 0)
    .sort((a, b) => Number(getComputedStyle(b).zIndex) - Number(getComputedStyle(a).zIndex));
  const root: Element = dialogs.at(-1) ?? document.body;

  const drawn = (el: Element) =>
    (el as HTMLElement).checkVisibility({ opacityProperty: true, visibilityProperty: true }) &&
    !el.closest('.mantine-VisuallyHidden-root, [data-visually-hidden]');

  // The box an element is drawn within: its ancestors with overflow other than visible. `hard`
  // counts only hidden or clipped overflow (what scrolling cannot bring back).
  const clipCache = new Map<Element, { all: Box; hard: Box }>();
  const clipOf = (el: Element): { all: Box; hard: Box } => {
    const cached = clipCache.get(el);
    if (cached) return cached;
    const parent = el.parentElement;
    const s = getComputedStyle(el);
    let result: { all: Box; hard: Box };
    if (s.position === 'fixed' || !parent) result = { all: INFINITE, hard: INFINITE };
    else result = clipOf(parent);
    if (
      el !== document.documentElement &&
      el !== document.body &&
      (s.overflowX !== 'visible' || s.overflowY !== 'visible')
    ) {
      const r = el.getBoundingClientRect();
      const pad: Box = {
        l: r.left + el.clientLeft,
        t: r.top + el.clientTop,
        r: r.left + el.clientLeft + (el.clientWidth || r.width),
        b: r.top + el.clientTop + (el.clientHeight || r.height),
      };
      const only = (axis: 'x' | 'y', b: Box): Box =>
        axis === 'x' ? { l: b.l, r: b.r, t: -1e9, b: 1e9 } : { l: -1e9, r: 1e9, t: b.t, b: b.b };
      let all = result.all;
      let hard = result.hard;
      const hidden = (v: string) => v === 'hidden' || v === 'clip';
      if (s.overflowX !== 'visible') {
        all = inter(all, only('x', pad));
        if (hidden(s.overflowX)) hard = inter(hard, only('x', pad));
      }
      if (s.overflowY !== 'visible') {
        all = inter(all, only('y', pad));
        if (hidden(s.overflowY)) hard = inter(hard, only('y', pad));
      }
      result = { all, hard };
    }
    // A clip of the element's own overflow applies to its content, not to itself: cache both.
    clipCache.set(el, result);
    return result;
  };
  /** The clip an element itself is drawn within (its ancestors'). */
  const outerClip = (el: Element) => (el.parentElement ? clipOf(el.parentElement) : { all: INFINITE, hard: INFINITE });
  /**
   * What the element stays put with while the rest scrolls: a fixed box, or a pinned bar
   * (`data-pinned`: a form's sticky Save and Cancel, which the fields scroll under by design).
   */
  const inFixed = (el: Element) => {
    for (let e: Element | null = el; e; e = e.parentElement) {
      if (e.hasAttribute('data-pinned') || getComputedStyle(e).position === 'fixed') return e;
    }
    return null;
  };
  /** Two things on different layers (one stays put over what scrolls): judged apart. */
  const apart = (a: Element | null, b: Element | null) =>
    (a === null) !== (b === null) || (a !== b && (a?.hasAttribute('data-pinned') || b?.hasAttribute('data-pinned')));

  // 1. The page scrolls sideways.
  const scroller = document.scrollingElement ?? document.documentElement;
  if (scroller.scrollWidth > W + 1) {
    const culprits: string[] = [];
    for (const el of document.body.querySelectorAll('*')) {
      if (culprits.length >= 4) break;
      if (!drawn(el)) continue;
      const r = el.getBoundingClientRect();
      if (r.width === 0) continue;
      const vis = inter(box(r), outerClip(el).all);
      if (vis.r <= W + 1 && vis.l >= -1) continue;
      const p = el.parentElement?.getBoundingClientRect();
      const parentOut = p && el.parentElement !== document.body && (p.right > W + 1 || p.left < -1);
      if (!parentOut) culprits.push(`${name(el)} ${show(box(r))}`);
    }
    // A long word (an address, a file name) spills out of a box that does not: its text is the culprit.
    if (culprits.length === 0) {
      const texts = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
      for (let n = texts.nextNode(); n && culprits.length < 4; n = texts.nextNode()) {
        const range = document.createRange();
        range.selectNodeContents(n);
        const r = range.getBoundingClientRect();
        if (r.width > 0 && (r.right > W + 1 || r.left < -1) && n.parentElement && drawn(n.parentElement))
          culprits.push(`the text "${norm(n.textContent).slice(0, 60)}" ${show(box(r))}`);
      }
    }
    out.push({
      kind: 'sideways-scroll',
      detail: `page ${scroller.scrollWidth} px wide in a ${W} px viewport; sticking out: ${culprits.join('; ') || '?'}`,
    });
  }
  if (root !== document.body && root.scrollWidth > root.clientWidth + 1) {
    out.push({ kind: 'sideways-scroll', detail: `dialog ${root.scrollWidth} px wide in ${root.clientWidth} px` });
  }

  // 2. The primary action and the rows' actions in reach.
  const reach = (selector: string, primary: boolean) => {
    for (const el of root.querySelectorAll(selector)) {
      if (!drawn(el)) continue;
      const r = box(el.getBoundingClientRect());
      if (w(r) === 0 || h(r) === 0) continue;
      const vis = inter(inter(r, outerClip(el).all), { l: 0, r: W, t: -1e9, b: 1e9 });
      const cut = w(vis) < w(r) - 1;
      const below = primary && (r.t < 0 || r.b > H + 1);
      if (cut || below) {
        out.push({
          kind: 'action-offscreen',
          detail: `${primary ? 'primary action' : 'row action'} ${name(el)} at ${show(r)}, visible ${show(vis)} in a ${W}×${H} viewport`,
        });
      }
    }
  };
  reach(opts.primary, true);
  reach(opts.rowActions, false);

  // The interactive elements as drawn.
  const INTERACTIVE =
    'a[href], button, input:not([type=hidden]), select, textarea, summary, [role=button], [role=link], [role=tab], [role=checkbox], [role=radio], [role=switch], [role=menuitem], [role=combobox], [role=slider], [tabindex]:not([tabindex="-1"])';
  const controls: { el: Element; r: Box; vis: Box; fixed: Element | null }[] = [];
  for (const el of root.querySelectorAll(INTERACTIVE)) {
    if (!drawn(el)) continue;
    const r = box(el.getBoundingClientRect());
    if (w(r) <= 1 || h(r) <= 1) continue;
    const vis = inter(r, outerClip(el).all);
    if (w(vis) <= 0 || h(vis) <= 0) continue;
    controls.push({ el, r, vis, fixed: inFixed(el) });
  }
  // Parts of one input (its field, clear button, pills, password toggle) are one control.
  const composite = (el: Element) => el.closest('.mantine-Input-wrapper, .mantine-PillsInput-input, [data-composite]');
  const controlsOther = (a: Element, b: Element) => {
    const ids = (a.getAttribute('aria-controls') ?? '').split(/\s+/);
    return b.id !== '' && ids.includes(b.id);
  };
  const related = (a: Element, b: Element) => {
    if (a.contains(b) || b.contains(a)) return true;
    // A field's own button (show the password, clear), drawn inside it on purpose.
    if (controlsOther(a, b) || controlsOther(b, a)) return true;
    const ca = composite(a);
    return ca !== null && ca === composite(b);
  };

  // A control wholly inside another's box and drawn over it (a card's select box, a chip's remove
  // button) leaves both usable: a tap on it reaches it, a tap elsewhere the other. Only on the
  // screen can the hit test say which is on top; below the fold, being inside decides.
  const nestedOnTop = (inner: (typeof controls)[number], outer: (typeof controls)[number]) => {
    const i = inner.vis;
    const o = outer.vis;
    if (i.l < o.l - 1 || i.t < o.t - 1 || i.r > o.r + 1 || i.b > o.b + 1) return false;
    const x = (i.l + i.r) / 2;
    const y = (i.t + i.b) / 2;
    if (y < 0 || y > H || x < 0 || x > W) return true;
    const hit = document.elementFromPoint(x, y);
    return hit !== null && (inner.el.contains(hit) || hit.contains(inner.el) || related(inner.el, hit));
  };

  // 3. Interactive elements over each other.
  for (let i = 0; i < controls.length; i++) {
    const a = controls[i] as (typeof controls)[number];
    for (let j = i + 1; j < controls.length; j++) {
      const b = controls[j] as (typeof controls)[number];
      // What stays put over scrolling content (a floating button) is judged against its own kind.
      if (apart(a.fixed, b.fixed)) continue;
      const x = inter(a.vis, b.vis);
      if (w(x) <= 2 || h(x) <= 2) continue;
      if (related(a.el, b.el)) continue;
      if (nestedOnTop(a, b) || nestedOnTop(b, a)) continue;
      out.push({
        kind: 'overlap',
        detail: `${name(a.el)} ${show(a.r)} and ${name(b.el)} ${show(b.r)} overlap by ${show(x)}`,
      });
    }
  }

  // 4 and 5. Texts: covered by a control that is not theirs; clipped with no way to read them.
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  const clippedSeen = new Set<Element>();
  const coverSeen = new Set<string>();
  const spillSeen = new Set<Element>();
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    const text = norm(n.textContent);
    const parent = n.parentElement;
    if (!text || !parent || !drawn(parent)) continue;
    if (parent.closest('script, style, noscript, template, svg')) continue;
    const range = document.createRange();
    range.selectNodeContents(n);
    const rects = [...range.getClientRects()].filter((r) => r.width > 0.5 && r.height > 0.5).map(box);
    if (rects.length === 0) continue;
    const { all, hard } = clipOf(parent);
    const seen = rects.map((r) => inter(r, all)).filter((r) => area(r) > 0);
    if (seen.length === 0) continue;

    // Clipped: partly cut by hidden overflow (all cut away is hidden on purpose: a closed section).
    // A line's box is its font's whole height: a pixel or two off its top or bottom cuts no glyph.
    const kept = rects.map((r) => inter(r, hard));
    const shownAny = kept.some((k) => area(k) > 0);
    const cutAny = rects.some((r, i) => {
      const k = kept[i] as Box;
      return area(k) === 0 || w(r) - w(k) > 1 || h(r) - h(k) > Math.max(2, h(r) * 0.2);
    });
    if (shownAny && cutAny && !clippedSeen.has(parent)) {
      const whole =
        norm(parent.closest('[data-testid], p, li, td, th, button, a, label, span, div')?.textContent) || text;
      let readable = false;
      for (let e: Element | null = parent; e && e !== document.body; e = e.parentElement) {
        if (e.hasAttribute('data-full-text')) readable = true;
        for (const attr of ['title', 'aria-label', 'data-full-text']) {
          const v = norm(e.getAttribute(attr));
          if (v && (v.includes(text) || v.includes(whole))) readable = true;
        }
        if (readable) break;
      }
      if (!readable) {
        clippedSeen.add(parent);
        const shown = rects.map((r) => show(inter(r, hard))).join(' ');
        out.push({
          kind: 'clipped-text',
          detail: `"${text.slice(0, 60)}" in ${name(parent)} drawn ${show(rects[0] as Box)}${rects.length > 1 ? ` (+${rects.length - 1} lines)` : ''}, shown ${shown}`,
        });
      }
    }

    // Covered: a control that is not the text's own is drawn over it.
    const fixedText = inFixed(parent);
    for (const c of controls) {
      if (apart(c.fixed, fixedText)) continue;
      if (c.el.contains(parent) || related(c.el, parent)) continue;
      for (const r of seen) {
        const x = inter(r, c.vis);
        if (w(x) > 2 && h(x) > Math.max(3, h(r) * 0.25)) {
          const key = `${text}|${name(c.el)}`;
          if (coverSeen.has(key)) break;
          coverSeen.add(key);
          out.push({
            kind: 'covers-text',
            detail: `${name(c.el)} ${show(c.r)} is drawn over the text "${text.slice(0, 60)}" ${show(r)}`,
          });
          break;
        }
      }
    }

    // Spilled: a table cell's text drawn past the cell (a header into the next column). What an
    // overflow hides is judged above; this is what shows, over a neighbour.
    const cell = parent.closest('td, th');
    if (cell && !spillSeen.has(cell)) {
      const c = box(cell.getBoundingClientRect());
      const past = seen.find((r) => r.l < c.l - 1 || r.r > c.r + 1);
      if (past) {
        spillSeen.add(cell);
        out.push({
          kind: 'spilled-text',
          detail: `"${text.slice(0, 60)}" ${show(past)} runs out of its cell ${name(cell)} ${show(c)} by ${Math.round(Math.max(c.l - past.l, past.r - c.r))} px`,
        });
      }
    }
  }

  // A badge, or a control, partly cut away (a half circle, a button half hidden by its column).
  for (const el of root.querySelectorAll('.mantine-Badge-root')) {
    if (!drawn(el)) continue;
    const r = box(el.getBoundingClientRect());
    const kept = inter(r, outerClip(el).hard);
    if (area(kept) > 0 && (w(kept) < w(r) - 1 || h(kept) < h(r) - 1)) {
      out.push({ kind: 'clipped-text', detail: `badge ${name(el)} ${show(r)} is cut to ${show(kept)}` });
    }
  }
  for (const c of controls) {
    const kept = inter(c.r, outerClip(c.el).hard);
    if (area(kept) > 0 && (w(kept) < w(c.r) - 2 || h(kept) < h(c.r) - 2) && w(c.r) > 4) {
      // An input's own scroll (a long value) is not a cut; a control half hidden by its box is.
      out.push({ kind: 'clipped-text', detail: `control ${name(c.el)} ${show(c.r)} is cut to ${show(kept)}` });
    }
  }

  // 6. Touch targets on phones: 24 × 24 px, or room around them (WCAG 2.5.8's spacing rule).
  if (opts.phone) {
    const target = (c: (typeof controls)[number]): Box => {
      let t = c.r;
      // A checkbox or radio is hit through its label too.
      const labels = (c.el as HTMLInputElement).labels;
      if (labels) {
        for (const l of labels) {
          const lr = box(l.getBoundingClientRect());
          if (area(lr) > 0 && lr.l - t.r < 8 && t.l - lr.r < 8 && lr.t - t.b < 8 && t.t - lr.b < 8)
            t = { l: Math.min(t.l, lr.l), t: Math.min(t.t, lr.t), r: Math.max(t.r, lr.r), b: Math.max(t.b, lr.b) };
        }
      }
      return t;
    };
    const inline = (el: Element) => {
      if (el.tagName !== 'A' || getComputedStyle(el).display !== 'inline') return false;
      return [...(el.parentElement?.childNodes ?? [])].some(
        (n) => n.nodeType === Node.TEXT_NODE && norm(n.textContent),
      );
    };
    const all = controls.map((c) => ({ ...c, t: target(c) }));
    const small = all.filter((c) => (w(c.t) < 23.5 || h(c.t) < 23.5) && !inline(c.el));
    const centre = (b: Box) => ({ x: (b.l + b.r) / 2, y: (b.t + b.b) / 2 });
    const distance = (p: { x: number; y: number }, b: Box) =>
      Math.hypot(Math.max(b.l - p.x, 0, p.x - b.r), Math.max(b.t - p.y, 0, p.y - b.b));
    for (const s of small) {
      const c = centre(s.t);
      const crowded = all.find((o) => {
        // A floating button over scrolling content is near whatever scrolls past it: not crowding.
        if (o === s || related(o.el, s.el) || apart(o.fixed, s.fixed)) return false;
        if (small.includes(o)) return Math.hypot(c.x - centre(o.t).x, c.y - centre(o.t).y) < 24;
        return distance(c, o.t) < 12;
      });
      if (crowded) {
        out.push({
          kind: 'small-target',
          detail: `${name(s.el)} ${show(s.t)} is under 24×24 px and within 12 px of ${name(crowded.el)} ${show(crowded.t)}`,
        });
      }
    }
  }

  // 7. Rows that must not wrap: every control drawn in one shares some height with every other.
  for (const row of root.querySelectorAll('[data-one-row]')) {
    if (!drawn(row)) continue;
    const parts = controls.filter((c) => row.contains(c.el));
    const lowest = Math.max(...parts.map((c) => c.r.t));
    const highest = Math.min(...parts.map((c) => c.r.b));
    if (parts.length > 1 && lowest >= highest - 1) {
      out.push({
        kind: 'wrapped-row',
        detail: `${name(row)} ${show(box(row.getBoundingClientRect()))} is more than one row: ${parts.map((c) => `${name(c.el)} ${show(c.r)}`).join(', ')}`,
      });
    }
  }

  // 8. Text fields too narrow to show what they hold: under 120 px and the text longer than the
  // room (measured with the field's own font; its padding holds its icons and buttons).
  const MIN_FIELD = 120;
  const ruler = document.createElement('canvas').getContext('2d');
  const FIELDS =
    'input:not([type]), input[type=text], input[type=search], input[type=url], input[type=email], input[type=tel], input[type=number]';
  for (const el of root.querySelectorAll<HTMLInputElement>(FIELDS)) {
    if (!ruler || !drawn(el)) continue;
    // A pills field's placeholder gives way to the pills beside it by design.
    const text = el.value || (el.closest('.mantine-PillsInput-input') ? '' : el.placeholder);
    if (!text || el.clientWidth === 0) continue;
    const s = getComputedStyle(el);
    const room = el.clientWidth - Number.parseFloat(s.paddingLeft) - Number.parseFloat(s.paddingRight);
    ruler.font = `${s.fontStyle} ${s.fontWeight} ${s.fontSize} ${s.fontFamily}`;
    const spacing = Number.parseFloat(s.letterSpacing); // 'normal': NaN
    const needs = ruler.measureText(text).width + (Number.isFinite(spacing) ? spacing * text.length : 0);
    if (room < MIN_FIELD && needs > room + 1) {
      out.push({
        kind: 'narrow-input',
        detail: `${name(el)} ${show(box(el.getBoundingClientRect()))} has ${Math.round(room)} px for "${text.slice(0, 60)}", which needs ${Math.round(needs)} px`,
      });
    }
  }

  // 9. Labels cut short in the menu, or beside a badge: whatever their title says.
  const cutLabels = new Set<Element>();
  const cutWithin = (scope: Element, skip?: Element) => {
    for (const e of [scope, ...scope.querySelectorAll('*')]) {
      if ([...cutLabels].some((c) => c.contains(e))) continue;
      if (skip && (skip.contains(e) || e.contains(skip))) continue;
      if (e.closest('.mantine-Badge-root') || !drawn(e) || !norm(e.textContent)) continue;
      if (getComputedStyle(e).overflowX === 'visible') continue;
      if (e.scrollWidth > e.clientWidth + 1 && e.clientWidth > 0) {
        cutLabels.add(e);
        out.push({
          kind: 'cut-label',
          detail: `"${norm(e.textContent).slice(0, 60)}" in ${name(e)} ${show(box(e.getBoundingClientRect()))} is cut: ${e.scrollWidth} px in ${e.clientWidth}`,
        });
      }
    }
  };
  for (const link of root.querySelectorAll('[data-menu] :is(a, button, [role=link], [role=button])')) {
    if (drawn(link)) cutWithin(link);
  }
  // Beside a badge: in the row (a flex or grid box) the badge shares with its label.
  for (const badge of root.querySelectorAll('.mantine-Badge-root')) {
    const row = badge.parentElement;
    if (!drawn(badge) || !row || !/flex|grid/.test(getComputedStyle(row).display)) continue;
    for (const sibling of row.children) if (sibling !== badge) cutWithin(sibling, badge);
  }

  // 10. A floating primary action a thumb can hit: 44 × 44 px on phones. Floating: fixed on its
  // own (in a fixed box about its size), not a Save in a fixed dialog.
  if (opts.phone) {
    for (const el of root.querySelectorAll(opts.primary)) {
      if (!drawn(el)) continue;
      const r = box(el.getBoundingClientRect());
      let holder: Element | null = el;
      while (holder && getComputedStyle(holder).position !== 'fixed') holder = holder.parentElement;
      const f = holder ? box(holder.getBoundingClientRect()) : null;
      const floating = f !== null && w(f) <= w(r) + 16 && h(f) <= h(r) + 16;
      if (floating && w(r) > 0 && (w(r) < 43.5 || h(r) < 43.5)) {
        out.push({
          kind: 'small-target',
          detail: `floating primary action ${name(el)} ${show(r)} is under 44×44 px`,
        });
      }
    }
  }

  // 11. A chart's labels run together: two texts of one SVG that share a line and touch.
  for (const svg of root.querySelectorAll('svg')) {
    if (!drawn(svg)) continue;
    const labels = [...svg.querySelectorAll('text')]
      .map((el) => ({ el, r: box(el.getBoundingClientRect()) }))
      .filter((l) => area(l.r) > 0 && norm(l.el.textContent));
    for (let i = 0; i < labels.length; i++) {
      for (let j = i + 1; j < labels.length; j++) {
        const a = labels[i] as (typeof labels)[number];
        const b = labels[j] as (typeof labels)[number];
        const shared = Math.min(a.r.b, b.r.b) - Math.max(a.r.t, b.r.t);
        const gap = Math.max(a.r.l, b.r.l) - Math.min(a.r.r, b.r.r);
        if (shared > Math.min(h(a.r), h(b.r)) / 2 && gap < 2) {
          out.push({
            kind: 'colliding-labels',
            detail: `"${norm(a.el.textContent)}" ${show(a.r)} and "${norm(b.el.textContent)}" ${show(b.r)} ${gap < 0 ? `overlap by ${Math.round(-gap)} px` : 'touch'}`,
          });
        }
      }
    }
  }

  // 12. On phones, a table scrolled sideways inside its box: its columns cut at the box's edge.
  if (opts.phone) {
    const seenBoxes = new Set<Element>();
    for (const table of root.querySelectorAll('table')) {
      if (!drawn(table) || table.getBoundingClientRect().width === 0) continue;
      for (let e = table.parentElement; e && e !== document.body; e = e.parentElement) {
        const s = getComputedStyle(e);
        if (s.overflowX !== 'auto' && s.overflowX !== 'scroll') continue;
        if (e.scrollWidth > e.clientWidth + 1 && !seenBoxes.has(e)) {
          seenBoxes.add(e);
          out.push({
            kind: 'sideways-scroll',
            detail: `the table ${name(table).slice(0, 80)} scrolls sideways in its box ${show(box(e.getBoundingClientRect()))}: ${e.scrollWidth} px in ${e.clientWidth}`,
          });
        }
        break;
      }
    }
  }
  return out;
}

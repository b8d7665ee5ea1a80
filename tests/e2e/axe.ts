import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';

/** axe-core's browser build, read once and injected into each page that runs a check. */
const AXE_SOURCE = readFileSync('node_modules/axe-core/axe.min.js', 'utf8');

/** The WCAG 2.2 AA rule set the console is held to (issue: keyboard and screen readers). */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

export interface Finding {
  where: string;
  rule: string;
  impact: string;
  target: string;
  summary: string;
}

/**
 * Runs axe on the page as it is now and returns its serious and critical findings, one per node,
 * labelled with `where` so a failing sweep says which screen, variant and node to look at.
 */
export async function seriousViolations(page: Page, where: string): Promise<Finding[]> {
  const loaded = await page.evaluate(() => 'axe' in window);
  // Through the DevTools protocol: the console's CSP (script-src 'self') refuses an inline script tag.
  if (!loaded) await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async (tags) => {
    // biome-ignore lint/suspicious/noExplicitAny: axe is injected at run time, without types here.
    const axe = (window as any).axe;
    const result = await axe.run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] });
    return (
      result.violations as {
        id: string;
        impact: string;
        nodes: { target: unknown[]; html: string; impact: string; failureSummary?: string }[];
      }[]
    ).flatMap((v) =>
      v.nodes.map((n) => ({
        rule: v.id,
        impact: n.impact ?? v.impact,
        target: `${JSON.stringify(n.target)} ${n.html.slice(0, 160)}`,
        summary: (n.failureSummary ?? '').replace(/\s+/g, ' ').slice(0, 240),
      })),
    );
  }, WCAG_TAGS);
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => ({ where, ...v }));
}

/** One line per finding, for the failure message. */
export const report = (findings: Finding[]): string =>
  findings.map((f) => `${f.where}: ${f.rule} (${f.impact}) ${f.target} — ${f.summary}`).join('\n');

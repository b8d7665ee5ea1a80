import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { canonicalOrder, cssPlan } from '../../../scripts/mantine-css';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../../../node_modules/@mantine/core');
const order = canonicalOrder(root);
const plan = cssPlan(root);

describe("Mantine's styles per component", () => {
  it("reads Mantine's own order of its stylesheets", () => {
    expect(order.indexOf('UnstyledButton')).toBeLessThan(order.indexOf('Button'));
    expect(order.indexOf('Input')).toBeLessThan(order.indexOf('PasswordInput'));
    expect(order.length).toBeGreaterThan(90);
  });

  it('brings the styles a component is built on, before its own', () => {
    expect(plan.get('Button')).toEqual(['UnstyledButton', 'Loader', 'Button']);
    expect(plan.get('Drawer')).toEqual(expect.arrayContaining(['ModalBase', 'Overlay', 'CloseButton', 'Drawer']));
    expect(plan.get('PasswordInput')?.slice(-2)).toEqual(['Input', 'PasswordInput']);
  });

  it('keeps every list in that order, its own stylesheet last', () => {
    for (const [name, sheets] of plan) {
      expect(sheets.at(-1)).toBe(name);
      const ranks = sheets.map((s) => order.indexOf(s));
      expect(ranks).toEqual([...ranks].sort((a, b) => a - b));
    }
  });
});

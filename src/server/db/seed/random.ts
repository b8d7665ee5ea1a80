/** Deterministic PRNG, so every demo database looks the same and screenshots are comparable. */
export function mulberry32(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export type Rand = () => number;
export const pickWith =
  (rand: Rand) =>
  <T>(xs: readonly T[]): T =>
    xs[Math.floor(rand() * xs.length)] as T;

/** A small seeded PRNG (mulberry32), so every run generates the same dataset. */
export function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function pick<T>(random: () => number, list: readonly T[]): T {
  return list[Math.floor(random() * list.length)];
}

/** `count` distinct items of `list`. */
export function pickDistinct<T>(random: () => number, list: readonly T[], count: number): T[] {
  const chosen = new Set<T>();
  while (chosen.size < count) chosen.add(pick(random, list));
  return [...chosen];
}

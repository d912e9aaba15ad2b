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

/** `count` distinct items of `list`, each drawn by `index` (evenly unless given). */
export function pickDistinct<T>(
  random: () => number,
  list: readonly T[],
  count: number,
  index: (random: () => number) => number = (r) => Math.floor(r() * list.length),
): T[] {
  const chosen = new Set<T>();
  while (chosen.size < count) chosen.add(list[index(random)]);
  return [...chosen];
}

/**
 * Zipf-distributed indexes 0…count−1: index k is drawn in proportion to 1 / (k + 1)^exponent, so the
 * first few are drawn most of the time and the rest form a long tail (what visitors do to a site's
 * pages, and authors to its tags).
 */
export function zipf(count: number, exponent = 1): (random: () => number) => number {
  const cumulative = new Float64Array(count);
  let sum = 0;
  for (let k = 0; k < count; k++) cumulative[k] = sum += 1 / (k + 1) ** exponent;
  return (random) => {
    const target = random() * sum;
    let low = 0;
    let high = count - 1;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (cumulative[middle] > target) high = middle;
      else low = middle + 1;
    }
    return low;
  };
}

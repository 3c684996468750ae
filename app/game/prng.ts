// Seeded randomness: problem i of a run is a pure function of (seed, i), so the browser and the
// server replay exactly the same problems. cyrb128 turns the text into 128 bits; sfc32 is a small,
// fast generator that passes PractRand. Neither is cryptographic: seeds come from the server's CSPRNG.

export interface Rng {
  /** A float in [0, 1). */
  next(): number;
  /** A whole number in [min, max], both inclusive. */
  int(min: number, max: number): number;
  /** One element of a non-empty list. */
  pick<T>(items: readonly T[]): T;
}

function cyrb128(text: string): [number, number, number, number] {
  let h1 = 1779033703;
  let h2 = 3144134277;
  let h3 = 1013904242;
  let h4 = 2773480762;
  for (let i = 0; i < text.length; i++) {
    const k = text.charCodeAt(i);
    h1 = h2 ^ Math.imul(h1 ^ k, 597399067);
    h2 = h3 ^ Math.imul(h2 ^ k, 2869860233);
    h3 = h4 ^ Math.imul(h3 ^ k, 951274213);
    h4 = h1 ^ Math.imul(h4 ^ k, 2716044179);
  }
  h1 = Math.imul(h3 ^ (h1 >>> 18), 597399067);
  h2 = Math.imul(h4 ^ (h2 >>> 22), 2869860233);
  h3 = Math.imul(h1 ^ (h3 >>> 17), 951274213);
  h4 = Math.imul(h2 ^ (h4 >>> 19), 2716044179);
  h1 ^= h2 ^ h3 ^ h4;
  h2 ^= h1;
  h3 ^= h1;
  h4 ^= h1;
  return [h1 >>> 0, h2 >>> 0, h3 >>> 0, h4 >>> 0];
}

function sfc32(a: number, b: number, c: number, d: number): () => number {
  return () => {
    a |= 0;
    b |= 0;
    c |= 0;
    d |= 0;
    const t = (((a + b) | 0) + d) | 0;
    d = (d + 1) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    c = (c + t) | 0;
    return (t >>> 0) / 4294967296;
  };
}

/** A generator for one seed text (warmed up, as sfc32's authors advise). */
export function rngFromString(text: string): Rng {
  const [a, b, c, d] = cyrb128(text);
  const next = sfc32(a, b, c, d);
  for (let i = 0; i < 12; i++) next();
  return {
    next,
    int(min, max) {
      if (!Number.isInteger(min) || !Number.isInteger(max) || min > max) {
        throw new RangeError(`rng.int needs whole min <= max, got ${min}, ${max}`);
      }
      return min + Math.floor(next() * (max - min + 1));
    },
    pick<T>(items: readonly T[]): T {
      if (items.length === 0) throw new RangeError("rng.pick needs a non-empty list");
      return items[Math.floor(next() * items.length)] as T;
    },
  };
}

/** The generator for problem `index` of the run with this seed. */
export function rngFor(seed: string, index: number): Rng {
  // The NUL separator keeps ("a1", 2) and ("a", 12) apart.
  return rngFromString(`${seed}\u0000${index}`);
}

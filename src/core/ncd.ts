/**
 * Normalised compression distance (Cilibrasi & Vitányi): how much one text tells a real compressor
 * about another. 0 means "the same text", values near 1 mean "nothing shared". It needs no
 * vocabulary or model, so it judges prompts and skill descriptions in any language alike.
 */
import { deflateRawSync } from "node:zlib";

/** The compressor behind the distance: raw DEFLATE at level 9 (no header, so short texts stay comparable). */
export function compressedSize(text: string): number {
  return deflateRawSync(Buffer.from(text, "utf8"), { level: 9 }).length;
}

/**
 * The form two texts are compared in: case, runs of whitespace and surrounding punctuation carry
 * no meaning for a prompt, so a copy with different capitals or spacing is still a copy.
 */
export function normaliseForNcd(text: string): string {
  return text
    .normalize("NFKC")
    .toLowerCase()
    .replace(/\s+/g, " ")
    .replace(/^[\s\p{P}]+|[\s\p{P}]+$/gu, "");
}

/**
 * NCD(x, y) = (C(xy) − min(C(x), C(y))) / max(C(x), C(y)), over the normalised texts. The
 * concatenation is taken in both orders and the smaller kept, so the distance is symmetric.
 * Identical texts give 0; the result is clamped to [0, 1] (DEFLATE can overshoot 1 slightly on short
 * unrelated texts).
 */
export function ncd(a: string, b: string): number {
  const x = normaliseForNcd(a);
  const y = normaliseForNcd(b);
  if (x === y) return 0;
  const cx = compressedSize(x);
  const cy = compressedSize(y);
  const cxy = Math.min(compressedSize(`${x}\n${y}`), compressedSize(`${y}\n${x}`));
  const d = (cxy - Math.min(cx, cy)) / Math.max(cx, cy);
  return Math.min(1, Math.max(0, d));
}

/** One pair of texts and their distance. */
export interface NcdPair {
  /** Index of the first text in the input list. */
  readonly i: number;
  /** Index of the second text (always greater than `i`). */
  readonly j: number;
  readonly distance: number;
}

/**
 * Every pair's distance, closest first. Quadratic in the number of texts, which is fine for prompt
 * sets and skill lists (tens to a few hundred).
 */
export function ncdPairs(texts: readonly string[]): NcdPair[] {
  const norm = texts.map(normaliseForNcd);
  const sizes = norm.map(compressedSize);
  const pairs: NcdPair[] = [];
  for (let i = 0; i < norm.length; i++) {
    for (let j = i + 1; j < norm.length; j++) {
      const x = norm[i] as string;
      const y = norm[j] as string;
      let distance = 0;
      if (x !== y) {
        const cx = sizes[i] as number;
        const cy = sizes[j] as number;
        const cxy = Math.min(compressedSize(`${x}\n${y}`), compressedSize(`${y}\n${x}`));
        distance = Math.min(1, Math.max(0, (cxy - Math.min(cx, cy)) / Math.max(cx, cy)));
      }
      pairs.push({ i, j, distance });
    }
  }
  return pairs.sort((p, q) => p.distance - q.distance || p.i - q.i || p.j - q.j);
}

const ENTITIES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
};

/** Escapes text for HTML element content and attribute values. */
export function esc(text: string | number): string {
  return String(text).replace(/[&<>"']/g, (c) => ENTITIES[c] ?? c);
}

/** A number for display: three significant digits, no float noise. */
export function num(x: number): string {
  if (!Number.isFinite(x)) return String(x);
  return String(Number(x.toPrecision(3)));
}

/** A rate as a percentage. */
export function pct(x: number): string {
  return `${(x * 100).toFixed(x === 0 || x === 1 ? 0 : 1)}%`;
}

/** Dollars with enough precision for cents and fractions of a cent. */
export function usd(x: number): string {
  return x >= 1 ? `$${x.toFixed(2)}` : `$${x.toPrecision(2)}`;
}

/** Milliseconds as a readable duration. */
export function duration(ms: number): string {
  return ms >= 10_000
    ? `${(ms / 1000).toFixed(0)} s`
    : ms >= 1000
      ? `${(ms / 1000).toFixed(1)} s`
      : `${Math.round(ms)} ms`;
}

import { esc, num, pct } from "./escape.js";

/** One bar of a rate chart: a rate with its interval, optionally beside its baseline. */
export interface RateBar {
  readonly label: string;
  readonly rate: number;
  readonly interval: readonly [number, number];
  readonly n: number;
  readonly baseline?: {
    readonly rate: number;
    readonly interval: readonly [number, number];
    readonly n: number;
  };
}

const LABEL = 150;
const PLOT = 380;
const TEXT = 230;
const ROW = 30;
const TOP = 22;

function whisker(x0: number, x1: number, y: number, cls: string): string {
  return (
    `<line class="${cls}" x1="${x0}" x2="${x1}" y1="${y}" y2="${y}"/>` +
    `<line class="${cls}" x1="${x0}" x2="${x0}" y1="${y - 5}" y2="${y + 5}"/>` +
    `<line class="${cls}" x1="${x1}" x2="${x1}" y1="${y - 5}" y2="${y + 5}"/>`
  );
}

/**
 * An inline SVG of rates as horizontal bars on a 0–100% axis, each with its 95% Wilson interval as
 * an error bar; a baseline, when given, is drawn as a thin grey bar under it. No script, no assets.
 */
export function rateChart(title: string, bars: readonly RateBar[], min?: number): string {
  const width = LABEL + PLOT + TEXT;
  const height = TOP + bars.length * ROW + 8;
  const x = (r: number) => LABEL + Math.max(0, Math.min(1, r)) * PLOT;
  const parts: string[] = [];
  for (const t of [0, 0.25, 0.5, 0.75, 1]) {
    parts.push(
      `<line class="grid" x1="${x(t)}" x2="${x(t)}" y1="${TOP - 4}" y2="${height - 6}"/>`,
      `<text class="tick" x="${x(t)}" y="${TOP - 8}" text-anchor="middle">${t * 100}%</text>`,
    );
  }
  if (min !== undefined) {
    parts.push(
      `<line class="min" x1="${x(min)}" x2="${x(min)}" y1="${TOP - 4}" y2="${height - 6}"><title>min ${pct(min)}</title></line>`,
    );
  }
  bars.forEach((b, i) => {
    const y = TOP + i * ROW;
    const mid = y + (b.baseline ? 10 : ROW / 2 - 2);
    const [lo, hi] = b.interval;
    const tip = `${b.label}: ${pct(b.rate)} of ${b.n}, 95% CI ${pct(lo)}–${pct(hi)}`;
    parts.push(
      `<g class="bar" data-label="${esc(b.label)}"><title>${esc(tip)}</title>`,
      `<text class="label" x="${LABEL - 8}" y="${mid + 4}" text-anchor="end">${esc(b.label)}</text>`,
      `<rect class="track" x="${LABEL}" y="${mid - 7}" width="${PLOT}" height="14" rx="2"/>`,
      `<rect class="fill${min !== undefined && b.rate < min ? " below" : ""}" x="${LABEL}" y="${mid - 7}" width="${(x(b.rate) - LABEL).toFixed(1)}" height="14" rx="2"/>`,
      whisker(x(lo), x(hi), mid, "err"),
      `<text class="value" x="${LABEL + PLOT + 8}" y="${mid + 4}">${pct(b.rate)} <tspan class="dim">(${Math.round(b.rate * b.n)}/${b.n}) [${num(lo)}, ${num(hi)}]</tspan></text>`,
      `</g>`,
    );
    if (b.baseline) {
      const by = mid + 12;
      const [blo, bhi] = b.baseline.interval;
      parts.push(
        `<g class="base"><title>${esc(`baseline: ${pct(b.baseline.rate)} of ${b.baseline.n}, 95% CI ${pct(blo)}–${pct(bhi)}`)}</title>`,
        `<rect class="basefill" x="${LABEL}" y="${by - 3}" width="${(x(b.baseline.rate) - LABEL).toFixed(1)}" height="6" rx="1"/>`,
        whisker(x(blo), x(bhi), by, "baseerr"),
        `<text class="dim small" x="${LABEL + PLOT + 8}" y="${by + 4}">baseline ${pct(b.baseline.rate)}</text>`,
        `</g>`,
      );
    }
  });
  return (
    `<svg class="chart" role="img" aria-label="${esc(title)}" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}" xmlns="http://www.w3.org/2000/svg">` +
    `<title>${esc(title)}</title>${parts.join("")}</svg>`
  );
}

// The HTML report's pictures, as inline SVG sized by their own attributes (the page allows no
// `style` attribute): an account's websites against its plan's limit as a bar, its statuses as
// one stacked bar, a website's daily pageviews as a sparkline, and with --history the findings of
// the kept runs as a strip of stacked bars. Each picture says in text what it shows (an
// aria-label, or the text beside it), so nothing is told by colour alone. Numbers and times
// only: no text from the server is drawn into them.
import type { DriftStatus } from "../../../model/entries";
import type { HistoryCounts } from "../../../history/history-line";
import { timeText } from "../../view/history-view";
import type { TrendPoint } from "../../view/history-view";

const round = (n: number): string => String(Math.round(n * 10) / 10);

/** An account's websites against its plan's limit: the share used, red once full. No limit, no bar. */
export function planBar(websites: number, limit: number | undefined, label: string): string {
  if (limit === undefined || limit < 0) return "";
  const share = limit === 0 ? 1 : Math.min(1, websites / limit);
  const full = websites >= limit;
  return (
    `<svg viewBox="0 0 100 10" preserveAspectRatio="none" role="img" aria-label="${label}">` +
    `<rect class="track" width="100" height="10" rx="2"/>` +
    `<rect class="used${full ? " full" : ""}" width="${round(share * 100)}" height="10" rx="2"/></svg>`
  );
}

/** An account's websites by status, as one bar of a segment per status (each as wide as its share). */
export function statusBar(counts: readonly [DriftStatus, number][], label: string): string {
  const total = counts.reduce((sum, [, n]) => sum + n, 0);
  let x = 0;
  const segments = counts
    .filter(([, n]) => n > 0)
    .map(([status, n]) => {
      const width = (n / total) * 100;
      const segment = `<rect class="seg-${status}" x="${round(x)}" width="${round(width)}" height="10"/>`;
      x += width;
      return segment;
    })
    .join("");
  return (
    `<svg viewBox="0 0 100 10" preserveAspectRatio="none" role="img" aria-label="${label}">` +
    `<rect class="track" width="100" height="10"/>${segments}</svg>`
  );
}

/** The square that keys a status (a website's, or a finding's in the history) in a legend. */
export const statusKey = (status: DriftStatus | keyof HistoryCounts): string =>
  `<span class="key"><svg viewBox="0 0 10 10" aria-hidden="true"><rect class="seg-${status}" width="10" height="10"/></svg></span>`;

/**
 * Daily counts as a line 64 by 18 pixels, oldest on the left, scaled to the busiest day (a flat
 * line at the bottom when none had a pageview), in whole pixels; decorative: the cell beside it
 * gives the numbers.
 */
export function sparkline(daily: readonly number[]): string {
  const most = Math.max(1, ...daily);
  const step = daily.length > 1 ? 60 / (daily.length - 1) : 0;
  const y = (n: number) => Math.round(17 - (n / most) * 15);
  const points =
    daily.length === 1
      ? `2,${y(daily[0] ?? 0)} 62,${y(daily[0] ?? 0)}`
      : daily.map((n, i) => `${Math.round(2 + i * step)},${y(n)}`).join(" ");
  return `<svg class="spark" aria-hidden="true"><polyline points="${points}"/></svg>`;
}

/**
 * The most bars the trend strip draws. A history keeps up to 10,000 runs; past this many, each
 * bar is the last run of a span of runs (the state the span ended in), so that the page stays
 * small and each bar wide enough to see.
 */
export const TREND_BARS = 200;

/** The fewest slots the strip is divided into: a short history draws narrow bars from the left. */
const TREND_SLOTS = 30;

/** The runs drawn: every run, or the last of each of TREND_BARS spans, with how many runs it stands for. */
export function trendBars(points: readonly TrendPoint[]): { point: TrendPoint; runs: number }[] {
  const bars = Math.min(points.length, TREND_BARS);
  return Array.from({ length: bars }, (_, i) => {
    const first = Math.floor((i * points.length) / bars);
    const end = Math.floor(((i + 1) * points.length) / bars);
    return { point: points[end - 1]!, runs: end - first };
  });
}

const countWords = (c: HistoryCounts): string =>
  `${c.new} new, ${c.open} open, ${c.accepted} accepted, ${c.fixed} fixed`;

/**
 * The kept runs' findings, oldest on the left, a bar each (see TREND_BARS): open, accepted and new
 * stacked above the line, fixed below it, on one scale; each bar's counts in its title. The
 * strip is 1,000 by 60 units, stretched to its box; `label` says what it shows.
 */
export function trendStrip(points: readonly TrendPoint[], label: string): string {
  const bars = trendBars(points);
  const slot = 1000 / Math.max(bars.length, TREND_SLOTS);
  const up = Math.max(0, ...bars.map(({ point: { counts: c } }) => c.new + c.open + c.accepted));
  const down = Math.max(0, ...bars.map(({ point }) => point.counts.fixed));
  const unit = up + down === 0 ? 0 : 58 / (up + down);
  const axis = up + down === 0 ? 59 : 1 + up * unit;
  const drawn = bars.map(({ point: { at, counts }, runs }, i) => {
    const x = round(i * slot + slot * 0.1);
    const width = round(slot * 0.8);
    const rect = (kind: string, y: number, n: number) =>
      n === 0
        ? ""
        : `<rect class="seg-${kind}" x="${x}" y="${round(y)}" width="${width}" height="${round(n * unit)}"/>`;
    let top = axis;
    const stacked = (["open", "accepted", "new"] as const)
      .map((kind) => {
        top -= counts[kind] * unit;
        return rect(kind, top, counts[kind]);
      })
      .join("");
    const span = runs > 1 ? ` (the last of ${runs} runs)` : "";
    return `<g><title>${timeText(at)}${span}: ${countWords(counts)}</title>${stacked}${rect("fixed", axis, counts.fixed)}</g>`;
  });
  return (
    `<svg class="trend" viewBox="0 0 1000 60" preserveAspectRatio="none" role="img" aria-label="${label}">` +
    `<line class="axis" x1="0" x2="1000" y1="${round(axis)}" y2="${round(axis)}"/>${drawn.join("")}</svg>`
  );
}

/** The trend's words: how many runs, and the first and the last run's counts. */
export function trendWords(points: readonly TrendPoint[]): string {
  const first = points[0];
  const last = points.at(-1);
  if (!first || !last) return "No run kept.";
  const runs = points.length === 1 ? "1 run" : `${points.length.toLocaleString("en-US")} runs`;
  const lastWords = `${timeText(last.at)} (this run): ${countWords(last.counts)}`;
  return points.length === 1
    ? `Findings by status over ${runs}: ${lastWords}.`
    : `Findings by status over ${runs}, from ${timeText(first.at)}: ${countWords(first.counts)}; to ${lastWords}.`;
}

// The HTML report's pictures, as inline SVG sized by their own attributes (the page allows no
// `style` attribute): an account's websites against its plan's limit as a bar, its statuses as
// one stacked bar, and a website's daily pageviews as a sparkline. Each picture says in text what
// it shows (an aria-label, or the text beside it), so nothing is told by colour alone. Numbers
// only: no text from the server is drawn into them.
import type { DriftStatus } from "../../../model/entries";

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

/** The square that keys a status in a legend. */
export const statusKey = (status: DriftStatus): string =>
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

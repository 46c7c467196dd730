// The HTML report's pictures (drift/report/html-charts.ts), as the SVG they are: a plan's bar (its
// share used, full at or past the limit, none without a limit), the statuses' stacked bar (each
// segment as wide as its share, one after the other), the key of a status, a sparkline scaled
// to the busiest day, and the history's trend strip (a bar a run, up to TREND_BARS of them
// however many runs are kept, on one scale above and below its line) with its words.
import { describe, expect, it } from "vitest";
import {
  TREND_BARS,
  planBar,
  sparkline,
  statusBar,
  statusKey,
  trendBars,
  trendStrip,
  trendWords,
} from "../../../../drift/report/formats/html/html-charts";
import type { TrendPoint } from "../../../../drift/report/view/history-view";

const bar = (label: string, used: string) =>
  `<svg viewBox="0 0 100 10" preserveAspectRatio="none" role="img" aria-label="${label}">` +
  `<rect class="track" width="100" height="10" rx="2"/>${used}</svg>`;

describe("drift --format html: the pictures", () => {
  it("draws a plan's use as the share of its limit, full at or past it, and nothing without a limit", () => {
    expect(planBar(1, 3, "1 of 3")).toBe(
      bar("1 of 3", '<rect class="used" width="33.3" height="10" rx="2"/>'),
    );
    expect(planBar(3, 3, "3 of 3")).toBe(
      bar("3 of 3", '<rect class="used full" width="100" height="10" rx="2"/>'),
    );
    expect(planBar(5, 3, "5 of 3")).toBe(
      bar("5 of 3", '<rect class="used full" width="100" height="10" rx="2"/>'),
    );
    expect(planBar(0, 0, "0 of 0")).toBe(
      bar("0 of 0", '<rect class="used full" width="100" height="10" rx="2"/>'),
    );
    expect(planBar(4, -1, "4")).toBe("");
    expect(planBar(4, undefined, "4")).toBe("");
  });

  it("stacks the statuses with websites, each as wide as its share, one after the other", () => {
    expect(
      statusBar(
        [
          ["in-sync", 1],
          ["changed", 0],
          ["gone", 2],
          ["unmanaged", 3],
        ],
        "By status",
      ),
    ).toBe(
      '<svg viewBox="0 0 100 10" preserveAspectRatio="none" role="img" aria-label="By status">' +
        '<rect class="track" width="100" height="10"/>' +
        '<rect class="seg-in-sync" x="0" width="16.7" height="10"/>' +
        '<rect class="seg-gone" x="16.7" width="33.3" height="10"/>' +
        '<rect class="seg-unmanaged" x="50" width="50" height="10"/></svg>',
    );
  });

  it("keys a status with a square of its colour", () => {
    expect(statusKey("gone")).toBe(
      '<span class="key"><svg viewBox="0 0 10 10" aria-hidden="true"><rect class="seg-gone" width="10" height="10"/></svg></span>',
    );
  });

  it("draws the days from left to right, scaled to the busiest, flat at the bottom when none had a pageview", () => {
    expect(sparkline([0, 10, 5])).toBe(
      '<svg class="spark" aria-hidden="true"><polyline points="2,17 32,2 62,10"/></svg>',
    );
    expect(sparkline([0, 0])).toBe(
      '<svg class="spark" aria-hidden="true"><polyline points="2,17 62,17"/></svg>',
    );
    expect(sparkline([3])).toBe('<svg class="spark" aria-hidden="true"><polyline points="2,2 62,2"/></svg>');
  });
});

/** A run at 02:00 UTC `day` days after 2026-11-01, with its counts. */
const run = (day: number, n: number, o: number, a: number, f: number): TrendPoint => ({
  at: new Date(Date.UTC(2026, 10, 1 + day, 2)).toISOString(),
  counts: { new: n, open: o, accepted: a, fixed: f },
});

describe("drift --format html: the history's trend strip", () => {
  it("stacks open, accepted and new above the line and fixed below it, on one scale, each run's counts in its title", () => {
    // 3 findings at most above the line and 2 fixed below: 58 units for 5, the line at 1 + 3 * 11.6.
    expect(trendStrip([run(0, 0, 2, 1, 0), run(1, 1, 1, 1, 2)], "the label")).toBe(
      '<svg class="trend" viewBox="0 0 1000 60" preserveAspectRatio="none" role="img" aria-label="the label">' +
        '<line class="axis" x1="0" x2="1000" y1="35.8" y2="35.8"/>' +
        "<g><title>2026-11-01 02:00 UTC: 0 new, 2 open, 1 accepted, 0 fixed</title>" +
        '<rect class="seg-open" x="3.3" y="12.6" width="26.7" height="23.2"/>' +
        '<rect class="seg-accepted" x="3.3" y="1" width="26.7" height="11.6"/></g>' +
        "<g><title>2026-11-02 02:00 UTC: 1 new, 1 open, 1 accepted, 2 fixed</title>" +
        '<rect class="seg-open" x="36.7" y="24.2" width="26.7" height="11.6"/>' +
        '<rect class="seg-accepted" x="36.7" y="12.6" width="26.7" height="11.6"/>' +
        '<rect class="seg-new" x="36.7" y="1" width="26.7" height="11.6"/>' +
        '<rect class="seg-fixed" x="36.7" y="35.8" width="26.7" height="23.2"/></g></svg>',
    );
  });

  it("draws runs without a finding as the line alone, at the bottom", () => {
    expect(trendStrip([run(0, 0, 0, 0, 0)], "none")).toBe(
      '<svg class="trend" viewBox="0 0 1000 60" preserveAspectRatio="none" role="img" aria-label="none">' +
        '<line class="axis" x1="0" x2="1000" y1="59" y2="59"/>' +
        "<g><title>2026-11-01 02:00 UTC: 0 new, 0 open, 0 accepted, 0 fixed</title></g></svg>",
    );
  });

  it.each<[number, number, number[]]>([
    [1, 1, [1]],
    [TREND_BARS, TREND_BARS, [1]],
    [TREND_BARS + 50, TREND_BARS, [1, 2]],
    [10_000, TREND_BARS, [50]],
  ])("draws runs (%i) as bars (%i), each the last run of its span", (runs, bars, spans) => {
    const points = Array.from({ length: runs }, (_, i) => run(i, i % 3, i, 0, i % 2));
    const drawn = trendBars(points);
    expect(drawn).toHaveLength(bars);
    expect(new Set(drawn.map((b) => b.runs))).toEqual(new Set(spans));
    expect(drawn.reduce((sum, b) => sum + b.runs, 0)).toBe(runs);
    expect(drawn.at(-1)!.point).toBe(points.at(-1));
    // Each bar stands for the runs up to and including its own.
    let through = 0;
    for (const b of drawn) {
      through += b.runs;
      expect(b.point).toBe(points[through - 1]);
    }
    const strip = trendStrip(points, "label");
    expect(strip.match(/<g>/g)).toHaveLength(bars);
    // Bounded: a bar's markup, at most four segments and a title, is under 400 bytes.
    expect(strip.length).toBeLessThan(400 * TREND_BARS);
    if (runs > TREND_BARS) expect(strip).toMatch(/\(the last of \d+ runs\): /);
  });

  it.each<[string, TrendPoint[], string]>([
    ["no run", [], "No run kept."],
    [
      "one run",
      [run(0, 0, 4, 1, 0)],
      "Findings by status over 1 run: 2026-11-01 02:00 UTC (this run): 0 new, 4 open, 1 accepted, 0 fixed.",
    ],
    [
      "the first and the last of many",
      Array.from({ length: 1_200 }, (_, i) => run(i, i === 0 ? 0 : 2, 7, 0, i === 0 ? 0 : 3)),
      "Findings by status over 1,200 runs, from 2026-11-01 02:00 UTC: 0 new, 7 open, 0 accepted, 0 fixed; " +
        "to 2030-02-12 02:00 UTC (this run): 2 new, 7 open, 0 accepted, 3 fixed.",
    ],
  ])("says in words %s", (_what, points, words) => {
    expect(trendWords(points)).toBe(words);
  });
});

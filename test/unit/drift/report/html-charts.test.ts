// The HTML report's pictures (drift/report/html-charts.ts), as the SVG they are: a plan's bar (its
// share used, full at or past the limit, none without a limit), the statuses' stacked bar (each
// segment as wide as its share, one after the other), the key of a status, and a sparkline scaled
// to the busiest day.
import { describe, expect, it } from "vitest";
import { planBar, sparkline, statusBar, statusKey } from "../../../../drift/report/formats/html/html-charts";

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

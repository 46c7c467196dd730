// Types for report-fleet.mjs, used by the tests that render the bench fleet's report.
import type { DriftReport } from "../../drift/model/report";

export interface FleetReportOptions {
  websites?: number;
  projects?: number;
  stacksPerProject?: number;
  accounts?: number;
  /** The tracking window's length, ending on `to` (YYYY-MM-DD). */
  days?: number;
  to?: string;
  seed?: number;
}

export function fleetReport(options?: FleetReportOptions): DriftReport;

/**
 * The report of night `night` of the fleet `base`: the same websites, each drifting in spells of
 * its own, so that successive nights give new, open, fixed and accepted findings.
 */
export function fleetNight(base: DriftReport, night: number, options?: { seed?: number }): DriftReport;

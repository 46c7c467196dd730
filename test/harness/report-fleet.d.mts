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

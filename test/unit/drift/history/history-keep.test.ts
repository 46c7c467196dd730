// --history-keep (drift/history/history-keep.ts): its values, refused ones with what it takes,
// and which runs a history keeps by count and by age (the newest always).
import { describe, expect, it } from "vitest";
import { keepText, keptRuns, parseHistoryKeep } from "../../../../drift/history/history-keep";
import type { HistoryRun } from "../../../../drift/history/history-line";
import { historyRuns } from "../../../support/drift-history";

describe("--history-keep", () => {
  it("writes a value as it is given", () => {
    expect([keepText({ runs: 100 }), keepText({ days: 90 })]).toEqual(["100", "90d"]);
  });

  it.each([
    ["100", { runs: 100 }],
    ["1", { runs: 1 }],
    ["10000", { runs: 10_000 }],
    ["90d", { days: 90 }],
    [" 3650d ", { days: 3650 }],
  ])("reads %j", (text, keep) => expect(parseHistoryKeep(text)).toEqual(keep));

  it.each(["0", "0d", "10001", "3651d", "-5", "5w", "", "d", "1.5", "90 days"])(
    "refuses %j, saying what it takes, never echoing it",
    (text) =>
      expect(parseHistoryKeep(text)).toBe(
        "--history-keep takes a number of runs (1 to 10000, such as 100) or of days (1d to 3650d, such as 90d).",
      ),
  );

  const runs: HistoryRun[] = historyRuns(
    [1, 2, 3, 10, 20].map((day) => ({
      report: { stacks: [], websites: [], accounts: [] },
      at: new Date(Date.UTC(2026, 10, day)),
    })),
  );
  const days = (kept: HistoryRun[]) => kept.map((r) => Number(r.at.slice(8, 10)));

  it.each([
    [{ runs: 2 }, [10, 20]],
    [{ runs: 100 }, [1, 2, 3, 10, 20]],
    [{ days: 10 }, [10, 20]],
    [{ days: 18 }, [2, 3, 10, 20]],
  ])("keeps %j of the runs, oldest first", (keep, expected) =>
    expect(days(keptRuns(runs, keep, new Date(Date.UTC(2026, 10, 20))))).toEqual(expected),
  );

  it("keeps the newest run whatever its age: the next run compares with it", () =>
    expect(days(keptRuns(runs, { days: 1 }, new Date(Date.UTC(2027, 0, 1))))).toEqual([20]));
});

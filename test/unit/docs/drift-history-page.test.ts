// docs/drift-history.md held to the code it describes: the headline as the view writes it, the
// statuses, the keys of a history line and of a finding, the file's kind and version, how long a
// run waits for another's lock and the largest file read.
import { describe, expect, it } from "vitest";
import { DEFAULT_LOCK_WAIT_MS, MAX_HISTORY_BYTES } from "../../../drift/history/history-file";
import {
  HISTORY_KIND,
  HISTORY_VERSION,
  historyFindingSchema,
  historyLineSchema,
  historyStatuses,
} from "../../../drift/history/history-line";
import { docText } from "../../support/docs";
import { prodEntry } from "../../support/drift-entries";
import { viewWithHistory } from "../../support/drift-history";

const page = docText("docs/drift-history.md");

describe("docs/drift-history.md", () => {
  it("shows the headline as a run writes it", () => {
    const day = (d: number) => new Date(Date.UTC(2026, 10, d, 2));
    const site = (n: number, status: "changed" | "gone" = "gone") => prodEntry(`s${n}.example`, n, status);
    const open = Array.from({ length: 12 }, (_, i) => site(i));
    const accepted = [site(20), site(21)].map((e) => ({
      ...e,
      accepted: { firstSeen: "2026-10-01", line: 1 },
    }));
    const fixed = Array.from({ length: 5 }, (_, i) => site(30 + i));
    const report = (websites: typeof open) => ({ stacks: ["web/prod"], websites, accounts: [] });
    const view = viewWithHistory(
      report([...open, ...accepted, site(40), site(41), site(42)]),
      [
        { report: report([...open, ...accepted]), at: day(1) },
        { report: report([...open, ...accepted, ...fixed]), at: new Date(Date.UTC(2026, 11, 1, 2)) },
      ],
      new Date(Date.UTC(2026, 11, 11, 2)),
    );
    expect(view.history?.headline).toBe(
      "3 new, 5 fixed since 2026-12-01 02:00 UTC; 12 open, the oldest for 40 days; 2 accepted.",
    );
    expect(page).toContain(view.history!.headline);
  });

  it("names every status, and every key of a line and of a finding", () => {
    for (const status of [...historyStatuses, "fixed"]) expect(page).toContain(`| \`${status}\``);
    for (const key of Object.keys(historyLineSchema.shape)) expect(page).toContain(`\`${key}\``);
    for (const key of Object.keys(historyFindingSchema.shape)) expect(page).toContain(`\`${key}\``);
    expect(page).toContain(`\`kind\` (\`${HISTORY_KIND}\`) and \`version\` (${HISTORY_VERSION})`);
  });

  it("states how long a run waits for a lock and the largest file read", () => {
    expect(page).toContain(`**A lock held for ${DEFAULT_LOCK_WAIT_MS / 1000} seconds**`);
    expect(page).toContain(`one over\n  ${MAX_HISTORY_BYTES / 2 ** 20} MiB`);
  });
});

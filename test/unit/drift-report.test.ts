// The drift report's three formats, from the same entries.
import { describe, expect, it } from "vitest";
import type { DriftEntry } from "../../drift/compare";
import { formatReport } from "../../drift/report";

const account = { url: "https://stats.example.com", id: 7, email: "team@example.com" };
const entries: DriftEntry[] = [
  {
    domain: "a.example.com",
    id: 1,
    status: "in-sync",
    stacks: ["web/prod"],
    resources: ["web/prod:a"],
    account,
  },
  {
    domain: "b.example.com",
    id: 2,
    status: "changed",
    stacks: ["web/prod"],
    resources: ["web/prod:b"],
    account,
    changes: [{ field: "excludeIps", recorded: ["10.0.0.1"], live: [] }],
  },
  { domain: "c|`x`.example.com", id: 3, status: "unmanaged", stacks: [], resources: [], account },
  {
    domain: "d.example.com",
    id: 4,
    status: "duplicate",
    stacks: ["web/dev", "web/prod"],
    resources: ["web/dev:d", "web/prod:d"],
    account,
  },
];
const report = { stacks: ["web/prod", "web/dev"], websites: entries };

describe("drift: formatReport", () => {
  it("json: the websites with status, stacks, account and changes, and the counts", () => {
    const body = JSON.parse(formatReport(report, "json")) as Record<string, unknown>;
    expect(body).toEqual({
      stacks: ["web/prod", "web/dev"],
      summary: { "in-sync": 1, changed: 1, gone: 0, unmanaged: 1, duplicate: 1 },
      websites: entries,
    });
  });

  it("text: a summary, a table of every website, and the details of changes and duplicates", () => {
    const lines = formatReport(report, "text").split("\n");
    expect(lines[0]).toBe(
      "4 websites in 1 account of 2 stacks (web/prod, web/dev): 1 in-sync, 1 changed, 0 gone, 1 unmanaged, 1 duplicate.",
    );
    expect(lines[2]).toMatch(/^STATUS\s+DOMAIN\s+ID\s+ACCOUNT\s+STACKS$/);
    expect(lines[3]).toMatch(
      /^in-sync\s+a\.example\.com\s+1\s+team@example\.com \(7\) at https:\/\/stats\.example\.com\s+web\/prod$/,
    );
    expect(lines).toContain("b.example.com (2): excludeIps: [10.0.0.1] recorded, [] live");
    expect(lines).toContain("d.example.com (4) is recorded by web/dev:d, web/prod:d");
  });

  it("markdown: the counts and a row per drifted website, with cells escaped", () => {
    const text = formatReport(report, "markdown");
    expect(text).toMatch(/^## Website drift\n/);
    expect(text).toContain("| changed | 1 |");
    expect(text).not.toContain("| in-sync | a.example.com");
    expect(text).toContain("| unmanaged | c\\|\\`x\\`.example.com | 3 |");
    expect(text).toContain(
      "| changed | b.example.com | 2 | team@example.com (7) at https://stats.example.com | web/prod | excludeIps: \\[10.0.0.1\\] recorded, \\[\\] live |",
    );
    expect(formatReport({ stacks: ["web/prod"], websites: [entries[0]!] }, "markdown")).toContain(
      "Every website is in sync.",
    );
  });
});

import { describe, expect, it } from "vitest";
// Which domains and IP entries the emulator accepts is decided by the shared tables in test/support
// (test/integration/emulator/server-rules-tables.test.ts).
import { splitListEntries } from "../../../emulator/ip-ranges";

describe("IP lists", () => {
  it("splits on either line-break character and drops empty entries", () => {
    expect(splitListEntries("a\r\nb\rc\n\nd")).toEqual(["a", "b", "c", "d"]);
  });
});

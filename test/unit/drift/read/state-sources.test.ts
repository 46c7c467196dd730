// The state files drift reads (drift/read/state-sources.ts): one that cannot be read is named with
// its error's code, and one that is not JSON with the place of its fault, counted in characters;
// a state without a stack resource is named by its file, less the last .json.
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { StateError } from "../../../../drift/read/stack-export";
import { readSources } from "../../../../drift/read/state-sources";

describe("drift reads a state file", () => {
  it("names a file that cannot be read by its error's code", async () => {
    const path = join(mkdtempSync(join(tmpdir(), "drift-state-sources-")), "gone", "prod.json");
    await expect(readSources([{ kind: "file", path }], {}, 1)).rejects.toThrow(
      new StateError(
        `state file ${path} could not be read (ENOENT): give a file written by pulumi stack export --show-secrets --file FILE.`,
      ),
    );
  });

  it("names the line and column, in characters, where a file is not JSON", async () => {
    const path = join(mkdtempSync(join(tmpdir(), "drift-state-sources-")), "prod.json");
    writeFileSync(path, '{"version": 3,\n "name": "café", ]}');
    await expect(readSources([{ kind: "file", path }], {}, 1)).rejects.toThrow(
      new StateError(
        `state file ${path} is not JSON (line 2, column 18: a property name in double quotes should come here): give the output of pulumi stack export --show-secrets.`,
      ),
    );
  });

  it("names a state without a stack resource by its file's name, less its last .json", async () => {
    const path = join(mkdtempSync(join(tmpdir(), "drift-state-sources-")), "prod.json-2024.json");
    writeFileSync(path, JSON.stringify({ version: 3, deployment: {} }));
    expect(await readSources([{ kind: "file", path }], {}, 1)).toEqual([
      { name: "prod.json-2024", websites: [], via: "state file" },
    ]);
  });
});

// package.json names the repository every other manifest names (the schema, the SDKs' manifests,
// the Go module's path), so npm's page for the package links to the same place.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { expect, it } from "vitest";
import { repository } from "../../../core/package-schema";

it("package.json's repository is the project's repository, as git URL npm writes it", () => {
  const manifest = JSON.parse(readFileSync(join(__dirname, "..", "..", "..", "package.json"), "utf8")) as {
    repository?: { type?: string; url?: string };
  };
  expect(manifest.repository).toEqual({ type: "git", url: `git+${repository}.git` });
});

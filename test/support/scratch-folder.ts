// A test file's own folder under the system's temporary folder, removed once its tests have run,
// so that no run leaves files behind and no two files share one.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll } from "vitest";

/** A new folder whose name starts with `prefix`, removed after the file's last test: call it at a file's top level. */
export function scratchFolder(prefix: string): string {
  const folder = mkdtempSync(join(tmpdir(), prefix));
  afterAll(() => rmSync(folder, { recursive: true, force: true }));
  return folder;
}

// The Java builds' Maven repository is filled only from the committed lock: each file is fetched
// by its path and checked against its SHA-256 before it is written (tools/machine/ensure-java.mjs), so
// a changed file on the server is refused before any Maven plugin could run it. Here a local
// HTTP server stands in for Maven Central.
import { createHash } from "node:crypto";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  fetchLocked,
  lockDifferences,
  readLock,
  resolvedArtifacts,
} from "../../../../tools/machine/ensure-java.mjs";

const files: Record<string, string> = {
  "org/example/tool/1.0/tool-1.0.jar": "the plugin's code",
  "org/example/tool/1.0/tool-1.0.pom": "<project/>",
};
const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");

describe("the Maven lock", () => {
  let base = "";
  const server = createServer((request, response) => {
    const body = files[(request.url ?? "").replace(/^\/maven2\//, "")];
    response.writeHead(body === undefined ? 404 : 200).end(body);
  });
  const folders: string[] = [];
  const repository = () => {
    const folder = mkdtempSync(join(tmpdir(), "webstats-maven-lock-test-"));
    folders.push(folder);
    return join(folder, "repository");
  };

  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/maven2/`;
  });
  afterAll(() => {
    server.close();
    for (const folder of folders) rmSync(folder, { recursive: true, force: true });
  });

  const lockOf = (entries: Record<string, string>) =>
    new Map(Object.entries(entries).map(([path, text]) => [path, sha256(text)]));

  it("writes each locked file at its path once its hash matches", async () => {
    const into = repository();
    await fetchLocked(into, lockOf(files), base);
    for (const [path, text] of Object.entries(files)) {
      expect(readFileSync(join(into, path), "utf8")).toBe(text);
    }
    expect(lockDifferences(lockOf(files), resolvedArtifacts(into))).toEqual([]);
  });

  it("refuses a file whose content is not the locked one, and does not write it", async () => {
    const into = repository();
    const lock = lockOf({ ...files, "org/example/tool/1.0/tool-1.0.jar": "other code" });
    await expect(fetchLocked(into, lock, base)).rejects.toThrow(
      /changed: org\/example\/tool\/1\.0\/tool-1\.0\.jar/,
    );
    expect(existsSync(join(into, "org/example/tool/1.0/tool-1.0.jar"))).toBe(false);
  });

  it("fails on a locked file the server does not have", async () => {
    const lock = lockOf({ "org/example/gone/1.0/gone-1.0.jar": "x" });
    await expect(fetchLocked(repository(), lock, base)).rejects.toThrow(/gone-1\.0\.jar: HTTP 404/);
  });

  it("is the committed lock: well formed, with a jar and a pom of the Pulumi Java SDK", () => {
    const lock = readLock();
    expect(lock.get("com/pulumi/pulumi/1.36.1/pulumi-1.36.1.jar")).toMatch(/^[0-9a-f]{64}$/);
    expect(lock.get("com/pulumi/pulumi/1.36.1/pulumi-1.36.1.pom")).toMatch(/^[0-9a-f]{64}$/);
  });
});

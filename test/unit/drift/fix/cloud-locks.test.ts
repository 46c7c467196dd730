// Where drift --fix cloud looks for another update's lock on a file backend (fix/cloud-locks.ts):
// the backend's folder from each spelling of a file URL pulumi accepts, the stack's lock folder,
// and the lock files held in it.
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { homedir, tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import {
  fileBackendFolder,
  heldLocks,
  stackLockFolder,
  whoamiBackend,
} from "../../../../drift/fix/cloud-locks";

describe("drift --fix cloud: file backends' locks", () => {
  it("reads the backend folder of a file URL, and none of another backend", () => {
    expect(fileBackendFolder("file:///srv/states", "/work")).toBe("/srv/states");
    expect(fileBackendFolder("file://~", "/work")).toBe(homedir());
    expect(fileBackendFolder("file://~/states", "/work")).toBe(`${homedir()}/states`);
    expect(fileBackendFolder("file://states", "/work")).toBe("/work/states");
    expect(fileBackendFolder("file:///srv/my%20states", "/work")).toBe("/srv/my states");
    // A % that starts no escape, as a user may type it: read as written, no URIError.
    expect(fileBackendFolder("file:///srv/50%off", "/work")).toBe("/srv/50%off");
    expect(fileBackendFolder("https://api.pulumi.com", "/work")).toBeUndefined();
    expect(fileBackendFolder("s3://bucket/states", "/work")).toBeUndefined();
  });

  it("names the lock folder of a project's stack", () => {
    expect(stackLockFolder("/srv/states", "shop/prod")).toBe(
      "/srv/states/.pulumi/locks/organization/shop/prod",
    );
  });

  it("takes the backend from pulumi whoami --verbose --json, and nothing from other output", () => {
    expect(whoamiBackend('{"user":"ci","url":"file:///srv/states"}')).toBe("file:///srv/states");
    expect(whoamiBackend('{"user":"ci"}')).toBeUndefined();
    expect(whoamiBackend("")).toBeUndefined();
    expect(whoamiBackend('{"user":"ci","url":3}')).toBeUndefined();
  });

  it("lists the lock files held on the stack, in order, and none when its lock folder is missing", () => {
    const backend = mkdtempSync(join(tmpdir(), "cloud-locks-"));
    expect(heldLocks(backend, "shop/prod")).toEqual([]);
    const folder = stackLockFolder(backend, "shop/prod");
    mkdirSync(folder, { recursive: true });
    expect(heldLocks(backend, "shop/prod")).toEqual([]);
    for (const name of ["a.json", "notes.txt", "c.json", "b.json"]) writeFileSync(join(folder, name), "{}");
    expect(heldLocks(backend, "shop/prod")).toEqual([
      join(folder, "a.json"),
      join(folder, "b.json"),
      join(folder, "c.json"),
    ]);
  });
});

// The plugin as it is shipped: a release archive per platform the engine downloads for, each
// holding that platform's single executable (Node.js inside: tools/release/plugin-executables.mjs) as
// `pulumi-resource-webstats` (`.exe` on Windows). This machine's starts on its own, prints the
// port of its gRPC server, answers GetPluginInfo with the package version, and leaves once the
// engine address it was given stops answering. The others cannot run here and are read instead:
// each is built for its system and processor, carries the injected bundle with Node.js's marker
// flipped, and, for macOS, a code signature that matches every page. The archives carry the names
// the engine asks for when it downloads a missing plugin, at the release the schema's
// pluginDownloadURL names. test/e2e/plugin/executable.test.ts runs this machine's through the
// engine with no Node.js on PATH.
import { execFile, execFileSync, spawn } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, join } from "node:path";
import { promisify } from "node:util";
import * as grpc from "@grpc/grpc-js";
import { Empty } from "google-protobuf/google/protobuf/empty_pb";
import type { PluginInfo } from "@pulumi/pulumi/proto/plugin_pb";
import { ResourceProviderClient } from "@pulumi/pulumi/proto/provider_grpc_pb";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { packageSchema } from "../../../../core/package-schema";
import {
  executableFileName,
  pluginBundle,
  SEA_NODE_VERSION,
  seaFuse,
} from "../../../../tools/release/plugin-executables.mjs";
import { executableFormat, verifyMachoSignature } from "../../../support/executables";

const root = join(__dirname, "..", "..", "..", "..");
const { version } = JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as { version: string };

// What the engine does for a resource plugin it has to download, as written in
// sdk/go/common/workspace/plugins.go of pulumi/pulumi (the same from 3.248 to 3.259), restated
// here so that the archives are checked against the engine's rule, not against the release
// script's own idea of it.

/** The platforms the engine downloads for: Go's GOOS and GOARCH, refused otherwise. */
const engineOperatingSystems = ["darwin", "linux", "windows"];
const engineArchitectures = ["amd64", "arm64"];

/** The asset the engine looks for (standardAssetName). */
function engineAssetName(name: string, pluginVersion: string, os: string, arch: string): string {
  return `pulumi-resource-${name}-v${pluginVersion}-${os}-${arch}.tar.gz`;
}

/**
 * Where a `github://HOST/ORGANIZATION[/REPOSITORY]` download URL sends the engine: the repository
 * defaults to `pulumi-<name>`; outside the `pulumi` organisation the engine asks the API for the
 * release tagged `v<version>` and downloads the asset whose name matches.
 */
function engineGithubRelease(pluginDownloadURL: string, name: string, pluginVersion: string) {
  const url = new URL(pluginDownloadURL);
  if (url.protocol !== "github:") throw new Error(`not a github:// URL: ${pluginDownloadURL}`);
  const [organization, repository = `pulumi-${name}`, ...rest] = url.pathname
    .replace(/^\/+|\/+$/g, "")
    .split("/");
  if (!organization || rest.length > 0) throw new Error(`the engine refuses ${pluginDownloadURL}`);
  return {
    repository: `https://github.com/${organization}/${repository}`,
    releaseLookup: `https://${url.host}/repos/${organization}/${repository}/releases/tags/v${pluginVersion}`,
    assetDownload: (asset: string) =>
      `https://github.com/${organization}/${repository}/releases/download/v${pluginVersion}/${asset}`,
  };
}

/** Node.js's name for this machine's platform, in Go's words. */
function goPlatform(): [string, string] {
  const os = process.platform === "win32" ? "windows" : process.platform;
  const arch = process.arch === "x64" ? "amd64" : process.arch;
  return [os, arch];
}

let releaseDir = "";
let printed: string[] = [];

// Five executables of 107 to 152 MB each: postject rewrites each binary and tar compresses
// it, about a minute on two cores once the Node.js binaries are in the machine cache, and past
// five minutes beside another run of the suite. Run asynchronously, so that the limit (a guard
// against a hang, not a speed limit) is enforced while it runs.
beforeAll(async () => {
  releaseDir = mkdtempSync(join(tmpdir(), "webstats-release-"));
  const { stdout } = await promisify(execFile)(
    process.execPath,
    [join(root, "tools", "release", "release-plugin.mjs")],
    {
      env: { ...process.env, WEBSTATS_RELEASE_DIR: releaseDir },
      encoding: "utf8",
      maxBuffer: 16 * 1024 * 1024,
    },
  );
  printed = stdout.trim().split("\n");
}, 1_800_000);

// About 225 MB of archives: not left behind in the temporary folder.
afterAll(() => rmSync(releaseDir, { recursive: true, force: true }));

/** Unpacks an archive into a new folder and returns the folder. */
function unpack(archive: string): string {
  const folder = mkdtempSync(join(tmpdir(), "webstats-plugin-"));
  execFileSync("tar", ["-xzf", archive, "-C", folder]);
  return folder;
}

describe("the plugin's release archive", () => {
  it("names each archive as the engine asks for it, at the release the schema sends the engine to", () => {
    const schema = packageSchema() as {
      name: string;
      version: string;
      repository: string;
      pluginDownloadURL: string;
    };
    expect(schema.version).toBe(version);
    const written = readdirSync(releaseDir).sort();
    expect(printed.map((path) => basename(path)).sort()).toEqual(written);
    // Every platform the engine downloads for but Windows on arm64, for which the registry has no
    // Node.js of the executables' version.
    const served = engineOperatingSystems.flatMap((os) =>
      engineArchitectures
        .filter((arch) => os !== "windows" || arch === "amd64")
        .map((arch) => [os, arch] as const),
    );
    const expected = served.map(([os, arch]) => engineAssetName(schema.name, schema.version, os, arch));
    expect(written).toEqual(expected.sort());
    // The archive this machine's engine would ask for is among them.
    expect(written).toContain(engineAssetName(schema.name, schema.version, ...goPlatform()));

    // The release the engine looks in is on the repository the schema names, under the tag a
    // release of this version carries; the asset's own address is the one a browser downloads.
    const release = engineGithubRelease(schema.pluginDownloadURL, schema.name, schema.version);
    expect(release.repository).toBe(schema.repository);
    expect(release.releaseLookup).toBe(
      `https://api.github.com/repos/pulumi-webstats/pulumi-webstats/releases/tags/v${version}`,
    );
    expect(release.assetDownload(engineAssetName(schema.name, schema.version, "linux", "amd64"))).toBe(
      `https://github.com/pulumi-webstats/pulumi-webstats/releases/download/v${version}/` +
        `pulumi-resource-webstats-v${version}-linux-amd64.tar.gz`,
    );

    // The Registry's installation page and the CHANGELOG give the same names and address, with
    // the version left open.
    const readme = readFileSync(join(root, "docs", "installation-configuration.md"), "utf8");
    const changelog = readFileSync(join(root, "CHANGELOG.md"), "utf8");
    const placeholder = (text: string) => text.split(version).join("<version>");
    expect(readme).toContain(
      placeholder(
        engineGithubRelease(schema.pluginDownloadURL, schema.name, version).assetDownload(
          engineAssetName(schema.name, version, "linux", "amd64"),
        ),
      ),
    );
    for (const archive of expected) {
      const platform = archive.replace(/^.*-v[^-]+-(\w+-\w+)\.tar\.gz$/, "$1");
      expect(readme, platform).toContain(`\`${platform}\``);
      expect(changelog, platform).toContain(`\`${platform}\``);
    }
    for (const text of [readme, changelog]) expect(text).not.toMatch(/-(x64|x86_64|aarch64)\.tar\.gz/);
  });

  it("holds each platform's executable, built for it, with the bundle injected; macOS's signed", () => {
    const bundle = readFileSync(pluginBundle);
    for (const archive of readdirSync(releaseDir)) {
      const [, os = "", arch = ""] = /-(\w+)-(\w+)\.tar\.gz$/.exec(archive) ?? [];
      const name = executableFileName(os);
      const listed = execFileSync("tar", ["-tzf", join(releaseDir, archive)], { encoding: "utf8" });
      expect(listed.trim().split("\n").sort(), archive).toEqual(["LICENSE", "README.md", name].sort());
      // The engine looks for `.exe` first on Windows, and never for a name without it.
      expect(name.endsWith(".exe"), archive).toBe(os === "windows");
      const unpacked = unpack(join(releaseDir, archive));
      const executable = readFileSync(join(unpacked, name));
      rmSync(unpacked, { recursive: true, force: true });

      const format = { linux: "elf", darwin: "macho", windows: "pe" }[os];
      expect(executableFormat(executable), archive).toEqual({ format, arch });
      // postject flips Node.js's marker from :0 to :1, which is how Node.js knows to look for the
      // blob at start; the bundle's text is in the blob as it is (no code cache, no snapshot).
      expect(executable.includes(`${seaFuse}:1`), archive).toBe(true);
      expect(executable.includes(`${seaFuse}:0`), archive).toBe(false);
      expect(executable.includes(bundle), archive).toBe(true);
      expect(executable.includes(`v${SEA_NODE_VERSION}`), archive).toBe(true);
      // Nothing of the machine that built it: the blob names the bundle without its folder.
      expect(executable.includes(root), archive).toBe(false);
      if (os === "windows") {
        // A PE resource, named in UTF-16 as Windows names resources.
        expect(executable.includes(Buffer.from("NODE_SEA_BLOB", "utf16le")), archive).toBe(true);
      }
      if (os === "darwin") {
        const signature = verifyMachoSignature(executable);
        expect(signature, archive).toMatchObject({
          identifier: "pulumi-resource-webstats",
          adhoc: true,
          // Without the hardened runtime, V8 compiles code with no entitlement to do so.
          hardenedRuntime: false,
        });
        expect(
          signature.segments.map((segment) => segment.name),
          archive,
        ).toContain("NODE_SEA");
        // The check itself finds a changed byte in the code.
        const changed = Buffer.from(executable);
        const inBundle = changed.indexOf(bundle) + 100;
        changed.writeUInt8(changed.readUInt8(inBundle) ^ 1, inBundle);
        expect(() => verifyMachoSignature(changed), archive).toThrow(/does not match its hash/);
      }
    }
  }, 600_000);

  it("holds an executable plugin that serves on its own and leaves when its engine is gone", async () => {
    const [os] = goPlatform();
    const archive = join(releaseDir, engineAssetName("webstats", version, ...goPlatform()));
    const unpacked = unpack(archive);
    const plugin = join(unpacked, executableFileName(os));
    expect(statSync(plugin).mode & 0o111).not.toBe(0);

    // An engine address that refuses connections: nothing listens on port 1.
    const child = spawn(plugin, ["127.0.0.1:1"], { cwd: unpacked, stdio: ["ignore", "pipe", "pipe"] });
    const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
    const port = await new Promise<number>((resolve, reject) => {
      child.stdout.once("data", (chunk: Buffer) => resolve(Number(chunk.toString().trim())));
      child.once("error", reject);
    });
    expect(port).toBeGreaterThan(0);
    const client = new ResourceProviderClient(`127.0.0.1:${port}`, grpc.credentials.createInsecure());
    const info = await new Promise<PluginInfo>((resolve, reject) =>
      client.getPluginInfo(new Empty(), (error, response) => (error ? reject(error) : resolve(response))),
    );
    expect(info.getVersion()).toBe(version);
    client.close();
    expect(await exited).toBe(1);
    rmSync(unpacked, { recursive: true, force: true });
  }, 300_000);
});

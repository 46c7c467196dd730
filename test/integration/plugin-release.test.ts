// The plugin as it is shipped: the release archives hold the single-file bundle as an executable
// `pulumi-resource-webstats`, which starts on its own (no node_modules beside it), prints the
// port of its gRPC server, answers GetPluginInfo with the package version, and leaves once the
// engine address it was given stops answering.
import { execFileSync, spawn } from "node:child_process";
import { mkdtempSync, readFileSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import * as grpc from "@grpc/grpc-js";
import { Empty } from "google-protobuf/google/protobuf/empty_pb";
import type { PluginInfo } from "@pulumi/pulumi/proto/plugin_pb";
import { ResourceProviderClient } from "@pulumi/pulumi/proto/provider_grpc_pb";
import { describe, expect, it } from "vitest";

const root = join(__dirname, "..", "..");
const { version } = JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as { version: string };

describe("the plugin's release archive", () => {
  it("holds an executable plugin that serves on its own and leaves when its engine is gone", async () => {
    const out = mkdtempSync(join(tmpdir(), "webstats-release-"));
    execFileSync(process.execPath, [join(root, "tools", "release-plugin.mjs")], {
      env: { ...process.env, WEBSTATS_RELEASE_DIR: out },
    });
    const archive = join(out, `pulumi-resource-webstats-v${version}-linux-x64.tar.gz`);
    const listed = execFileSync("tar", ["-tzf", archive], { encoding: "utf8" }).trim().split("\n").sort();
    expect(listed).toEqual(["LICENSE", "README.md", "pulumi-resource-webstats"]);
    const unpacked = mkdtempSync(join(tmpdir(), "webstats-plugin-"));
    execFileSync("tar", ["-xzf", archive, "-C", unpacked]);
    const plugin = join(unpacked, "pulumi-resource-webstats");
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
  }, 60_000);
});

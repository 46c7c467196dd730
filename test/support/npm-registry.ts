// A package registry on loopback, for tests of what installs a package by name (the Action's
// install step): it serves the tarballs it is given as the only version of their packages, and
// passes every other request (their dependencies) on to the registry npm is configured with, so
// that the install resolves exactly as it would once the package is published. Every request is
// recorded.
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export interface LocalRegistry {
  /** The registry's URL, for npm_config_registry. */
  url: string;
  /** Each request's method and path, in order. */
  requests: string[];
  close(): Promise<void>;
}

interface Served {
  manifest: Record<string, unknown> & { name: string; version: string };
  tarball: Buffer;
}

/** The headers an answer passes on: none that describe an encoding fetch has already undone. */
const passedOn = (headers: Headers): Record<string, string> => {
  const kept: Record<string, string> = {};
  headers.forEach((value, name) => {
    if (!["content-encoding", "content-length", "transfer-encoding", "connection"].includes(name))
      kept[name] = value;
  });
  return kept;
};

async function forward(request: IncomingMessage, response: ServerResponse, upstream: string) {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(request.headers)) {
    if (typeof value === "string" && !["host", "connection", "accept-encoding"].includes(name))
      headers[name] = value;
  }
  const answer = await fetch(new URL(request.url!.replace(/^\//, ""), upstream), { headers });
  response.writeHead(answer.status, passedOn(answer.headers));
  response.end(Buffer.from(await answer.arrayBuffer()));
}

/**
 * Starts a registry serving each tarball (`npm pack` output) under its package's name, with the
 * manifest the tarball carries, as publishing it would.
 */
export async function startLocalRegistry(tarballFiles: string[]): Promise<LocalRegistry> {
  const upstream = (process.env.npm_config_registry ?? "https://registry.npmjs.org/").replace(/\/?$/, "/");
  const served = new Map<string, Served>();
  for (const tarballFile of tarballFiles) {
    const text = execFileSync("tar", ["-xzOf", tarballFile, "package/package.json"], { encoding: "utf8" });
    const manifest = JSON.parse(text) as Served["manifest"];
    served.set(manifest.name, { manifest, tarball: readFileSync(tarballFile) });
  }
  const requests: string[] = [];
  const server = createServer((request, response) => {
    requests.push(`${request.method} ${request.url}`);
    const path = decodeURIComponent(request.url ?? "/").split("?")[0]!;
    const name = path.slice(1).split("/-/")[0]!;
    const own = served.get(name);
    if (!own) {
      forward(request, response, upstream).catch((error: Error) => {
        response.writeHead(502);
        response.end(error.message);
      });
      return;
    }
    const file = `${name.split("/").pop()}-${own.manifest.version}.tgz`;
    if (path === `/${name}/-/${file}`) {
      response.writeHead(200, { "content-type": "application/octet-stream" });
      response.end(own.tarball);
      return;
    }
    const version = {
      ...own.manifest,
      dist: {
        tarball: `${registry.url}${name}/-/${file}`,
        integrity: `sha512-${createHash("sha512").update(own.tarball).digest("base64")}`,
        shasum: createHash("sha1").update(own.tarball).digest("hex"),
      },
    };
    response.writeHead(200, { "content-type": "application/json" });
    response.end(
      JSON.stringify({
        name,
        "dist-tags": { latest: own.manifest.version },
        versions: { [own.manifest.version]: version },
      }),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const registry: LocalRegistry = {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  return registry;
}

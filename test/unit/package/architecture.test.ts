// Dependencies point one way: sdk <- core <- provider <- fleet, the plugin beside the provider
// (two hosts over one core), the policy rules over the core, drift over the rules and the core, generate over fleet and drift, the command line (cli) over generate and drift, the GitHub Action over the command line, the policy pack over the package's policy entry, and the emulator on its own; the package's entry (index.ts) brings provider and fleet together. No
// module imports one that imports it back. Read from the sources' own import statements.
import { readFileSync, readdirSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { layers } from "../../support/layers";

const root = join(__dirname, "..", "..", "..");

/** What each layer may import from this repository, besides itself. */
const allowed: Record<(typeof layers)[number], string[]> = {
  sdk: [],
  core: ["sdk"],
  provider: ["core", "sdk"],
  // The second host stands beside the first: both over the core, neither over the other.
  plugin: ["core", "sdk"],
  fleet: ["provider", "core", "sdk"],
  // The policy rules judge the core's checked values; the pack and drift both run them.
  policy: ["core", "sdk"],
  // Comparing states with installations needs no Pulumi: the states are JSON.
  drift: ["policy", "core", "sdk"],
  generate: ["drift", "fleet", "core", "sdk"],
  cli: ["generate", "drift", "policy", "core", "sdk"],
  // The Action runs the command in-process and writes the runner's files with drift's neutral text.
  action: ["cli", "drift", "core"],
  // A package of its own: it reaches the rules as users' packs would, by the package's name.
  "policy-pack": [],
  emulator: [],
};

/** Packages a layer may import besides Node's own modules. */
const packages: Record<(typeof layers)[number], string[]> = {
  sdk: ["undici", "zod"],
  // Nothing of Pulumi: the engine's placeholder for unknown values is spelled in core/unknown-values.ts.
  core: ["zod", "fastest-levenshtein"],
  provider: ["@pulumi/pulumi", "@pulumi/pulumi/dynamic"],
  plugin: [
    "@grpc/grpc-js",
    "google-protobuf/google/protobuf/any_pb",
    "google-protobuf/google/protobuf/empty_pb",
    "google-protobuf/google/protobuf/struct_pb",
    "@pulumi/pulumi/proto/engine_grpc_pb",
    "@pulumi/pulumi/proto/engine_pb",
    "@pulumi/pulumi/proto/plugin_pb",
    "@pulumi/pulumi/proto/provider_grpc_pb",
    "@pulumi/pulumi/proto/provider_pb",
    "@pulumi/pulumi/proto/status_pb",
    "@pulumi/pulumi/runtime/rpc",
  ],
  fleet: ["@pulumi/pulumi", "yaml"],
  // Nothing of @pulumi/policy: the pack's policies are written structurally
  // (policy/pack-policies.ts). Domain globs are the core's (core/glob.ts), shared with drift.
  policy: ["zod"],
  // yaml: baseline and ignore files, where websites are declared, and --fix code's edits.
  // undici and parse5: the page check reads websites' home pages (never the API) and parses them.
  drift: ["zod", "yaml", "undici", "parse5", "pg"],
  generate: ["yaml"],
  cli: [],
  // Bundled into one file with everything it loads: no package of its own.
  action: [],
  "policy-pack": ["@pulumi/policy", "pulumi-webstats/policy"],
  emulator: ["fastify", "zod"],
};

const sources = layers.flatMap((layer) =>
  readdirSync(join(root, layer), { recursive: true, encoding: "utf8" })
    .filter((name) => name.endsWith(".ts"))
    .map((name) => join(root, layer, name)),
);

/** The modules a source file imports: repository files resolved to paths, packages by name. */
function importsOf(file: string): { local: string[]; packages: string[] } {
  // Comments may name modules (how the provider is serialized, say) without importing them.
  const text = readFileSync(file, "utf8").replace(/^\s*\/\/.*$/gm, "");
  const specifiers = [
    ...text.matchAll(/^(?:import|export)\s[^;]*?from\s+"([^"]+)"/gms),
    // An import for its side effects alone names no binding: `import "module";`.
    ...text.matchAll(/^import\s+"([^"]+)"/gm),
    ...text.matchAll(/\brequire\("([^"]+)"\)/g),
    ...text.matchAll(/\bimport\("([^"]+)"\)/g),
  ].map((match) => match[1]!);
  const local = specifiers
    .filter((s) => s.startsWith("."))
    .map((s) => {
      const base = resolve(dirname(file), s);
      return [`${base}.ts`, join(base, "index.ts")].find((candidate) => sources.includes(candidate)) ?? base;
    });
  const external = specifiers.filter((s) => !s.startsWith(".") && !s.startsWith("node:"));
  return { local, packages: external };
}

const layerOf = (file: string) => relative(root, file).split("/")[0] as (typeof layers)[number];

describe("architecture", () => {
  it("each layer imports only the layers below it and its own packages", () => {
    const wrong: string[] = [];
    for (const file of sources) {
      const layer = layerOf(file);
      const { local, packages: external } = importsOf(file);
      for (const target of local) {
        const targetLayer = layerOf(target);
        if (targetLayer !== layer && !allowed[layer].includes(targetLayer)) {
          wrong.push(`${relative(root, file)} imports ${relative(root, target)}`);
        }
      }
      for (const name of external) {
        if (!packages[layer].includes(name)) wrong.push(`${relative(root, file)} imports ${name}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it("no module imports one that imports it back", () => {
    const graph = new Map(
      sources.map((file) => [file, importsOf(file).local.filter((t) => sources.includes(t))]),
    );
    const cycles: string[] = [];
    const state = new Map<string, "visiting" | "done">();
    const visit = (file: string, path: string[]) => {
      if (state.get(file) === "done") return;
      if (state.get(file) === "visiting") {
        cycles.push([...path.slice(path.indexOf(file)), file].map((f) => relative(root, f)).join(" -> "));
        return;
      }
      state.set(file, "visiting");
      for (const target of graph.get(file) ?? []) visit(target, [...path, file]);
      state.set(file, "done");
    };
    for (const file of sources) visit(file, []);
    expect(cycles).toEqual([]);
  });

  // drift/ is laid out as the pipeline a finding travels: stacks and accounts read, websites
  // compared (and checked), findings accepted or not, reports written, fixes made. Each stage
  // imports only the stages before it and the shared model below them all; index.ts, drift's one
  // entry, which strings them together, sits above.
  it("the command line and the Action reach drift through its one entry, drift/index.ts", () => {
    const entry = join(root, "drift", "index.ts");
    const wrong = sources
      .filter((file) => layerOf(file) === "cli" || layerOf(file) === "action")
      .flatMap((file) =>
        importsOf(file)
          .local.filter((target) => layerOf(target) === "drift" && target !== entry)
          .map((target) => `${relative(root, file)} imports ${relative(root, target)}`),
      );
    expect(wrong).toEqual([]);
  });

  // shard/ writes what one shard of a split run read (after compare's asking half) and merges the
  // shards' files into what compare's pure half takes: it sits after compare and accept (whose
  // options it fingerprints). Its split, which the read stage applies before reading, imports
  // nothing of drift and sits with the model, below every stage. history/ compares the accepted
  // findings with the last run's, before the report stage shows the difference.
  it("drift's stages import only the stages before them and the model", () => {
    const rooms = ["model", "read", "compare", "accept", "shard", "history", "report", "fix"];
    const placed: Record<string, string> = { "shard/split.ts": "model" };
    const driftRoot = join(root, "drift");
    const roomOf = (file: string): string => {
      const path = relative(driftRoot, file).split("/");
      return placed[path.join("/")] ?? (path.length === 1 ? "entry" : path[0]!);
    };
    const rank = (room: string): number => (room === "entry" ? rooms.length : rooms.indexOf(room));
    const driftSources = sources.filter((file) => layerOf(file) === "drift");
    const unknownRooms = [...new Set(driftSources.map(roomOf))].filter((r) => rank(r) < 0);
    expect(unknownRooms).toEqual([]);
    const wrong: string[] = [];
    for (const file of driftSources) {
      for (const target of importsOf(file).local.filter((t) => layerOf(t) === "drift")) {
        const [from, to] = [roomOf(file), roomOf(target)];
        if (from !== to && rank(to) >= rank(from)) {
          wrong.push(`${relative(root, file)} (${from}) imports ${relative(root, target)} (${to})`);
        }
      }
    }
    expect(wrong).toEqual([]);
  });
});

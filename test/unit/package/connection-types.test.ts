// The `connection` a TypeScript program gives a Website or a data function carries exactly the
// settings the settings table marks `connection` (core/settings.ts), each of its type. At compile
// time (npm run typecheck): the public types against the table, key by key, with an equality that
// tells an all-optional type from another with fewer keys. At run time: programs compiled against
// the package's sources as a user writes them, the documented connection with a company
// authority among them, and connections with a setting of the wrong type or a setting no
// connection takes, whose compile errors must name that setting.
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type * as pulumi from "@pulumi/pulumi";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import type {
  ConnectionInputs,
  FunctionConnectionArgs,
  WebsiteArgs,
  WebsiteConnection,
  WebsiteFleetArgs,
} from "../../../index";
import type { ConnectionSettingName, SettingName, settingSpecs } from "../../../core/settings";

// ---- Compile time: a mismatch is a type error in `npm run typecheck`. ----

/**
 * True only when A and B are the same type. Mutual assignability is not enough here: two object
 * types whose properties are all optional are assignable both ways whatever keys they have.
 */
type Exactly<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
type Assert<T extends true> = T;
type Specs = typeof settingSpecs;
/** A setting's value as a program writes it: the schema type the table gives it. */
type TableValue<K extends SettingName> = Specs[K]["type"] extends "boolean" ? boolean : string;
type EachTrue<T> = T[keyof T] extends true ? true : false;

// The table's connection settings are the six it marks (a change of the table shows here first).
type _TableNames = Assert<
  Exactly<
    ConnectionSettingName,
    "baseUrl" | "apiKey" | "proxyUrl" | "caCertFile" | "skipTlsVerify" | "allowHttp"
  >
>;
// ConnectionInputs (functions, outputs): exactly those keys, all optional, each of its table type.
type _InputKeys = Assert<Exactly<keyof ConnectionInputs, ConnectionSettingName>>;
type _InputTypes = Assert<
  EachTrue<{ [K in ConnectionSettingName]-?: Exactly<ConnectionInputs[K], TableValue<K> | undefined> }>
>;
type _InputsOptional = Assert<Exactly<Partial<ConnectionInputs>, ConnectionInputs>>;
// WebsiteConnection (a Website's argument): the same keys, each an Input of its table type.
type _ResourceKeys = Assert<Exactly<keyof WebsiteConnection, ConnectionSettingName>>;
type _ResourceTypes = Assert<
  EachTrue<{
    [K in ConnectionSettingName]-?: Exactly<WebsiteConnection[K], pulumi.Input<TableValue<K>> | undefined>;
  }>
>;
type _ResourceOptional = Assert<Exactly<Partial<WebsiteConnection>, WebsiteConnection>>;
// Where programs pass them: a Website, a fleet's website, a data function.
type _WebsiteArgument = Assert<
  Exactly<WebsiteArgs["connection"], pulumi.Input<WebsiteConnection> | undefined>
>;
type _FleetArgument = Assert<
  Exactly<WebsiteFleetArgs["connection"], pulumi.Input<WebsiteConnection> | undefined>
>;
type _FunctionArgument = Assert<Exactly<FunctionConnectionArgs["connection"], ConnectionInputs | undefined>>;

// ---- Run time: programs as users write them, compiled against the package's sources. ----

const repoRoot = join(__dirname, "..", "..", "..");

/** The compile errors of each program (file name to source), as "file(line): setting: message". */
function compileErrors(programs: Record<string, string>): string[] {
  const dir = mkdtempSync(join(tmpdir(), "connection-types-"));
  for (const [name, source] of Object.entries(programs)) writeFileSync(join(dir, name), source);
  const modules = join(repoRoot, "node_modules");
  const program = ts.createProgram(
    Object.keys(programs).map((name) => join(dir, name)),
    {
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.Preserve,
      moduleResolution: ts.ModuleResolutionKind.Bundler,
      strict: true,
      esModuleInterop: true,
      skipLibCheck: true,
      noEmit: true,
      types: ["node"],
      typeRoots: [join(modules, "@types")],
      paths: {
        "pulumi-webstats": [join(repoRoot, "index.ts")],
        "@pulumi/pulumi": [join(modules, "@pulumi", "pulumi")],
        "@pulumi/pulumi/*": [join(modules, "@pulumi", "pulumi", "*")],
      },
    },
  );
  return ts.getPreEmitDiagnostics(program).map((d) => {
    const where = d.file && d.start !== undefined ? d.file.getLineAndCharacterOfPosition(d.start) : undefined;
    const text = d.file && d.start !== undefined ? d.file.text.slice(d.start, d.start + (d.length ?? 0)) : "";
    const file = d.file ? d.file.fileName.slice(dir.length + 1) : "";
    return `${file}(${(where?.line ?? -1) + 1}): ${text}: ${ts.flattenDiagnosticMessageText(d.messageText, " ")}`;
  });
}

const header = `import * as pulumi from "@pulumi/pulumi";
import * as webstats from "pulumi-webstats";
const apiKey = new pulumi.Config().requireSecret("intranetApiKey");
`;

describe("a connection in a TypeScript program", () => {
  // One compiler run for every program: it takes seconds.
  const errors = compileErrors({
    // The documented form: an installation of its own, reached through the company's authority.
    "documented.ts": `${header}
new webstats.Website("intranet-blog", {
  domain: "blog.intranet.example",
  connection: { baseUrl: "https://stats.intranet.example", apiKey, caCertFile: "company-root.pem" },
});
`,
    // Every setting a connection takes, on a resource, a fleet and each kind of function.
    "every-setting.ts": `${header}
const connection = {
  baseUrl: "http://stats.intranet.example",
  apiKey,
  proxyUrl: pulumi.secret("http://proxy.intranet.example:3128"),
  caCertFile: "company-root.pem",
  skipTlsVerify: false,
  allowHttp: true,
};
new webstats.Website("site", { domain: "site.intranet.example", connection });
new webstats.WebsiteFleet("fleet", { fleet: "websites.yaml", connection });
const plain = { baseUrl: "https://stats.intranet.example", apiKey: "k", caCertFile: "company-root.pem", allowHttp: false };
export const account = webstats.getAccount({ connection: plain });
export const websites = webstats.getWebsitesOutput({ connection: { ...plain, skipTlsVerify: true } });
`,
    "wrong-type.ts": `${header}
new webstats.Website("site", {
  domain: "site.intranet.example",
  connection: { baseUrl: "https://stats.intranet.example", apiKey, skipTlsVerify: "yes" },
});
`,
    "not-a-connection-setting.ts": `${header}
new webstats.Website("site", {
  domain: "site.intranet.example",
  connection: { baseUrl: "https://stats.intranet.example", apiKey, timeoutMs: 1000 },
});
`,
    "function-wrong-type.ts": `${header}
export const account = webstats.getAccount({ connection: { baseUrl: "https://stats.intranet.example", allowHttp: 1 } });
`,
  });
  const of = (file: string) => errors.filter((error) => error.startsWith(`${file}(`));

  it("compiles the documented connection: an installation, its key and a company authority", () => {
    expect(of("documented.ts")).toEqual([]);
  });

  it("takes every connection setting on a Website, a WebsiteFleet and the data functions", () => {
    expect(of("every-setting.ts")).toEqual([]);
  });

  it("refuses a setting of the wrong type, naming the setting", () => {
    expect(of("wrong-type.ts")).toEqual([
      expect.stringMatching(/^wrong-type\.ts\(7\): skipTlsVerify: .*string/),
    ]);
    expect(of("function-wrong-type.ts")).toEqual([
      expect.stringMatching(/^function-wrong-type\.ts\(5\): allowHttp: .*number.*boolean/),
    ]);
  });

  it("refuses a setting that no connection takes, naming it", () => {
    expect(of("not-a-connection-setting.ts")).toEqual([
      expect.stringMatching(/^not-a-connection-setting\.ts\(7\): timeoutMs: .*'timeoutMs' does not exist/),
    ]);
  });
});

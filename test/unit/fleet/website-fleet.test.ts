// WebsiteFleet's resource options for each Website: the fleet as parent, and Pulumi's `protect`
// for an entry with `protect: true`; otherwise no `protect`, so the fleet's own options decide.
// The program runs under Pulumi's mocks; the Website is replaced by a custom resource that
// records what it was given (the real one loads its dynamic provider with a plain require,
// which the test runner's module loader cannot serve).
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import * as pulumi from "@pulumi/pulumi";
import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { parseFleet } from "../../../fleet/load-fleet";
import { WebsiteFleet } from "../../../fleet/website-fleet";

const declared = vi.hoisted(() => [] as { name: string; args: Record<string, unknown>; opts: unknown }[]);

vi.mock("../../../provider/website", async () => {
  const pulumi = await import("@pulumi/pulumi");
  class Website extends pulumi.CustomResource {
    declare readonly websiteId: pulumi.Output<number>;
    constructor(name: string, args: Record<string, unknown>, opts?: pulumi.CustomResourceOptions) {
      super("webstats:test:Website", name, { ...args, websiteId: undefined }, opts);
      declared.push({ name, args, opts });
    }
  }
  return { Website };
});

const lines = (...rows: string[]): string => `${rows.join("\n")}\n`;

/** The options each Website of the fleet was declared with, by resource name. */
const optionsByName = (): Record<string, unknown> =>
  Object.fromEntries(declared.map(({ name, opts }) => [name, opts]));

describe("WebsiteFleet: the Websites' resource options", () => {
  beforeAll(async () => {
    await pulumi.runtime.setMocks(
      {
        newResource: (args) => ({
          id: `${args.name}-id`,
          state: { ...(args.inputs as Record<string, unknown>), websiteId: 1 },
        }),
        call: (args) => args.inputs as Record<string, unknown>,
      },
      "project",
      "stack",
      false,
    );
  });
  beforeEach(() => {
    declared.length = 0;
  });

  it("passes protect: true of an entry or of defaults as Pulumi's protect, with the fleet as parent", () => {
    const fleet = parseFleet(
      lines(
        "defaults:",
        "  protect: true",
        "websites:",
        "  - domain: kept.example.com",
        "  - domain: released.example.com",
        "    protect: false",
      ),
      "websites.yaml",
    );
    const sites = new WebsiteFleet("sites", { fleet });
    expect(optionsByName()).toEqual({
      "sites-kept.example.com": { parent: sites, protect: true },
      // No protect at all: the fleet's own options decide, as for any child resource.
      "sites-released.example.com": { parent: sites },
    });
    // protect is a resource option, never a Website argument.
    for (const { args } of declared) expect(args).not.toHaveProperty("protect");
  });

  it("leaves protect to the fleet's own options when the file does not say it", () => {
    const fleet = parseFleet(lines("websites:", "  - domain: a.example.com"), "websites.yaml");
    const sites = new WebsiteFleet("guarded", { fleet }, { protect: true });
    expect(optionsByName()).toEqual({ "guarded-a.example.com": { parent: sites } });
  });

  it("reads protect from a fleet file given by path", () => {
    const file = join(mkdtempSync(join(tmpdir(), "fleet-")), "websites.yaml");
    writeFileSync(file, lines("defaults:", "  protect: true", "websites:", "  - domain: a.example.com"));
    const sites = new WebsiteFleet("websites", { fleet: file });
    expect(optionsByName()).toEqual({ "websites-a.example.com": { parent: sites, protect: true } });
  });
});

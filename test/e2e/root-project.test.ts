// The root Pulumi.yaml runs the quickstart from this checkout. There, `pulumi-webstats` resolves
// to the checkout itself (npm ci links node_modules/pulumi-webstats to it), so the program uses
// the built dist/ and this repository's node_modules, and the provider is serialized by value.
//
// `pulumi up` in the checkout needs the Node.js language host of a Pulumi installation, which
// cannot be built here; this test runs the same program the same way through the engine as an
// inline program, with one difference: the compiled program lives in a temporary project, so
// its require of `pulumi-webstats` is pointed at the checkout explicitly (after checking that
// the name resolves to the same file from the example's own folder).
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { expect, it } from "vitest";
import { compileProgram } from "../harness/program-project.mjs";
import { describeEngine } from "./harness";
import { useEngineFixture } from "./fixture";
import { plainOutputs, websiteType } from "./programs";

const repoRoot = join(__dirname, "..", "..");

/** The `main` of the root Pulumi.yaml: the folder whose index.ts is the program. */
function rootProjectMain(): string {
  const project = readFileSync(join(repoRoot, "Pulumi.yaml"), "utf8");
  const main = /^main:\s*(\S+)\s*$/m.exec(project)?.[1];
  if (!main) throw new Error("the root Pulumi.yaml names no main");
  return main;
}

describeEngine("the root Pulumi.yaml project", () => {
  const fixture = useEngineFixture([{ name: "Checkout" }]);

  it("runs the quickstart from the checkout, its provider serialized by value", async () => {
    const programFile = join(repoRoot, rootProjectMain(), "index.ts");
    const builtEntry = join(repoRoot, "dist", "index.js");
    // As Node resolves it for the program in the checkout: the package itself, built.
    expect(createRequire(programFile).resolve("pulumi-webstats")).toBe(builtEntry);
    const compiled = compileProgram(readFileSync(programFile, "utf8")).replace(
      'require("pulumi-webstats")',
      `require(${JSON.stringify(builtEntry)})`,
    );
    expect(compiled).toContain(JSON.stringify(builtEntry));

    const stack = fixture.stack(compiled, undefined, { nodeModules: join(repoRoot, "node_modules") });
    const outputs = plainOutputs((await stack.up()).outputs);
    expect(outputs.shopDomain).toBe("shop.example.com");
    expect(outputs.accountName).toBe("Checkout");
    expect(fixture.emulator.getWebsite(outputs.blogId as number)?.domain).toBe("blog.example.com");

    const [resource] = await stack.resourcesOfType(websiteType);
    const provider = resource?.outputs?.__provider as string;
    expect(provider).toContain(join(repoRoot, "dist", "provider", "website-provider"));
    expect(provider).not.toContain(fixture.account().apiKey);

    await stack.preview({ expectNoChanges: true, refresh: true });
    await stack.destroy();
    expect(fixture.emulator.listWebsites(fixture.account().id)).toEqual([]);
  });
});

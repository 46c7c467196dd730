// What the engine shows and keeps when arguments are wrong, secret or omitted: check failures
// never print a secret, an empty Website says what is missing, unknown keys are refused with a
// suggestion, write-only settings a program leaves out are kept on adoption, and a stack-wide
// adoptExisting lets a run take over existing websites without changing the program.
import { expect, it } from "vitest";
import { describeEngine, uniqueDomain } from "./harness";
import { useEngineFixture } from "./fixture";
import { oneWebsite, plainOutputs, program } from "./programs";

describeEngine("Website input safety", () => {
  const fixture = useEngineFixture();
  const requestsSoFar = () => Object.values(fixture.emulator.requestCounts()).reduce((a, b) => a + b, 0);

  it("never prints a secret argument when check refuses it", async () => {
    const password = "pw-never-printed-7f3a";
    const apiKey = "key-never-printed-91bc";
    fixture.emulator.resetRequestCounts();
    const withPassword = fixture.stack(oneWebsite({ domain: uniqueDomain(), privacy: "public", password }));
    const refused = await withPassword.preview({ allowFailure: true });
    expect(refused.ok).toBe(false);
    expect(refused.output).toMatch(/password is only used when privacy is "password"/);
    expect(refused.output).not.toContain(password);

    const withConnection = fixture.stack(
      oneWebsite({ domain: uniqueDomain(), connection: { baseUrl: "stats.example.com", apiKey } }),
    );
    const badUrl = await withConnection.preview({ allowFailure: true });
    expect(badUrl.ok).toBe(false);
    expect(badUrl.output).toMatch(/connection\.baseUrl/);
    expect(badUrl.output).toMatch(/http:\/\/ or https:\/\//);
    expect(badUrl.output).not.toContain(apiKey);
    expect(requestsSoFar()).toBe(0);
  });

  it("says that domain is required for a Website without arguments", async () => {
    const stack = fixture.stack(program(`new webstats.Website("empty", {}); return {};`));
    const preview = await stack.preview({ allowFailure: true });
    expect(preview.ok).toBe(false);
    expect(preview.output).toMatch(/domain is required/);
    expect(preview.output).not.toMatch(/Unexpected struct type/);
  });

  it("refuses an unknown argument from data at preview, naming it and the closest argument", async () => {
    fixture.emulator.resetRequestCounts();
    const stack = fixture.stack(
      program(`
  const fromFile = JSON.parse('{"domain": "${uniqueDomain()}", "privcy": "private"}');
  new webstats.Website("typo", fromFile);
  return {};`),
    );
    const preview = await stack.preview({ allowFailure: true });
    expect(preview.ok).toBe(false);
    expect(preview.output).toMatch(/privcy is not an argument of Website \(did you mean privacy\?\)/);
    expect(requestsSoFar()).toBe(0);
  });

  it("keeps query parameters and the password that an adopting program leaves out", async () => {
    const domain = uniqueDomain("keep");
    const owner = fixture.stack(
      oneWebsite({
        domain,
        privacy: "password",
        password: "server-side",
        excludeParams: ["utm_source", "ref"],
      }),
    );
    const { websiteId } = plainOutputs((await owner.up()).outputs) as { websiteId: number };
    // The owning stack forgets the website without deleting it; another program takes it over.
    owner.setProgram(oneWebsite({ domain }, "{ retainOnDelete: true }"));
    await owner.up();
    owner.setProgram(program("return {};"));
    await owner.up();

    const adopting = fixture.stack(
      oneWebsite({ domain, privacy: "password", email: true, adoptExisting: true }),
    );
    const adopted = plainOutputs((await adopting.up()).outputs);
    expect(adopted).toMatchObject({ websiteId, privacy: "password", hasPassword: true, email: true });
    expect(fixture.emulator.getWebsite(websiteId)).toMatchObject({
      password: "server-side",
      exclude_params: "utm_source\nref",
      email: 1,
    });
    await adopting.preview({ expectNoChanges: true });
  });

  it("adopts existing websites when the stack, not the program, switches adoptExisting on", async () => {
    const domain = uniqueDomain("stackwide");
    const first = fixture.stack(oneWebsite({ domain, email: true }, "{ retainOnDelete: true }"));
    const { websiteId } = plainOutputs((await first.up()).outputs) as { websiteId: number };
    await first.destroy();
    expect(fixture.emulator.getWebsite(websiteId)).toBeDefined();

    // The same program in a new stack: refused, then adopted with the stack-wide default.
    const second = fixture.stack(oneWebsite({ domain, email: true }));
    expect((await second.up({ allowFailure: true })).output).toMatch(/adoptExisting/);
    second.setConfig("webstats:adoptExisting", { value: "true" });
    const adopted = plainOutputs((await second.up()).outputs);
    expect(adopted.websiteId).toBe(websiteId);
    expect(
      fixture.emulator.listWebsites(fixture.account().id).filter((w) => w.domain === domain),
    ).toHaveLength(1);
    // Switching it off again is no change.
    second.setConfig("webstats:adoptExisting", { value: "false" });
    await second.preview({ expectNoChanges: true });
  });
});

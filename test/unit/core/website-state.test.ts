import { describe, expect, it } from "vitest";
import type { Website as ApiWebsite } from "../../../sdk";
import { inputsFromOutputs, outputsFrom, readInputs, readState } from "../../../core/website-state";
import { defaultArguments } from "../../support/recorded-website";

const website: ApiWebsite = {
  id: 3,
  domain: "example.com",
  privacy: "password",
  email: true,
  excludeBots: false,
  excludeIps: ["192.0.2.1"],
  hasPassword: true,
  favorite: true,
  favoritedAt: "2026-01-02T03:04:05Z",
  createdAt: "2026-01-01T00:00:00Z",
  updatedAt: "2026-01-02T00:00:00Z",
};
const applied = {
  password: "pw",
  excludeParams: ["ref"],
  adoptExisting: false,
  connection: { baseUrl: "https://stats.example.com", apiKey: "key" },
};

describe("Website outputs", () => {
  it("take what the API reports and keep the arguments it never returns", () => {
    expect(outputsFrom(website, applied)).toEqual({
      websiteId: 3,
      domain: "example.com",
      privacy: "password",
      password: "pw",
      hasPassword: true,
      email: true,
      excludeBots: false,
      favorite: true,
      favoritedAt: "2026-01-02T03:04:05Z",
      excludeParams: ["ref"],
      excludeIps: ["192.0.2.1"],
      adoptExisting: false,
      connection: applied.connection,
      createdAt: "2026-01-01T00:00:00Z",
      updatedAt: "2026-01-02T00:00:00Z",
    });
  });

  it("drop the password once the website is no longer password-protected", () => {
    expect(outputsFrom({ ...website, privacy: "public", hasPassword: false }, applied)).not.toHaveProperty(
      "password",
    );
  });

  it("give a refresh the arguments that produce the website, without secrets", () => {
    const inputs = inputsFromOutputs(outputsFrom(website, applied));
    expect(inputs).toEqual({
      domain: "example.com",
      privacy: "password",
      email: true,
      excludeBots: false,
      favorite: true,
      excludeParams: ["ref"],
      excludeIps: ["192.0.2.1"],
      adoptExisting: false,
    });
  });

  it("give a refresh only the arguments the outputs hold, not the others as undefined", () => {
    expect(inputsFromOutputs({ domain: "example.com", password: "pw" })).toStrictEqual({
      domain: "example.com",
    });
  });

  it("name each place at fault, nested ones by their path", () => {
    expect(() => readState({ websiteId: "three", excludeIps: ["192.0.2.1", 5] })).toThrow(
      new Error(
        "The Website's recorded state could not be read (excludeIps.1, websiteId). ✖ Invalid input: expected number, received string",
      ),
    );
  });

  it("read state written before an argument existed, and refuse state of the wrong shape", () => {
    expect(readState({ websiteId: 3, domain: "example.com" })).toMatchObject({ websiteId: 3 });
    expect(() => readState({ websiteId: "three" })).toThrow(/recorded state could not be read \(websiteId\)/);
  });

  it("name the whole value as the place at fault when the state or the arguments are not an object", () => {
    expect(() => readState("example.com")).toThrow(
      new Error(
        "The Website's recorded state could not be read ((top)). ✖ Invalid input: expected object, received string",
      ),
    );
    expect(() => readInputs(42)).toThrow(
      new Error(
        "The Website's arguments could not be read ((top)). ✖ Invalid input: expected object, received number",
      ),
    );
  });

  it("refuse arguments check would not have returned: no domain, or an argument with a default left out", () => {
    const checked = defaultArguments;
    expect(readInputs({ domain: "example.com", ...checked })).toEqual({ domain: "example.com", ...checked });
    expect(() => readInputs(checked)).toThrow(
      new Error(
        "The Website's arguments could not be read (domain). ✖ Invalid input: expected string, received undefined",
      ),
    );
    expect(() => readInputs({ domain: "example.com", ...checked, privacy: undefined })).toThrow(
      new Error(
        'The Website\'s arguments could not be read (privacy). ✖ Invalid option: expected one of "public"|"private"|"password"',
      ),
    );
  });
});

// Which resources are webstats Websites as a policy sees them (policy/website-resources.ts): the
// plugin's type, the dynamic provider's type family, and the provider serialized into a dynamic
// resource where the engine shows it.
import { describe, expect, it } from "vitest";
import { dynamicProviderModule, websiteHost } from "../../../policy/website-resources";

const ours = () => `const provider = require("${dynamicProviderModule}");`;
const none = () => undefined;

describe("websiteHost", () => {
  it("names the plugin's Websites by type alone", () => {
    expect(websiteHost("webstats:index:Website", none)).toBe("plugin");
  });

  it("names the dynamic provider's Website type when no provider is shown", () => {
    expect(websiteHost("pulumi-nodejs:dynamic/webstats:Website", none)).toBe("dynamic");
    expect(websiteHost("pulumi-nodejs:dynamic:Resource", none)).toBeUndefined();
  });

  it("takes the serialized provider as the evidence for every dynamic type", () => {
    expect(websiteHost("pulumi-nodejs:dynamic", ours)).toBe("dynamic");
    expect(websiteHost("pulumi-nodejs:dynamic:Resource", ours)).toBe("dynamic");
    expect(websiteHost("pulumi-nodejs:dynamic/other:Thing", ours)).toBe("dynamic");
    expect(websiteHost("pulumi-nodejs:dynamic/webstats:Website", () => "another provider")).toBeUndefined();
  });

  it("reads no provider for a type outside the dynamic family, whatever it holds", () => {
    for (const type of [
      "aws:s3/bucket:Bucket",
      "pulumi-nodejs:dynamicX",
      "x:pulumi-nodejs:dynamic:Resource",
    ]) {
      expect(websiteHost(type, ours)).toBeUndefined();
    }
  });
});

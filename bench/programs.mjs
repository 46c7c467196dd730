// The Pulumi programs the bench runs: a fleet of websites, served by the dynamic provider or by
// the provider plugin, and the same number of dynamic resources that do nothing (what the
// engine itself costs per resource).
import { forPlugin } from "../test/harness/plugin-program.mjs";

/**
 * `count` websites named <prefix>-<i>.bench.example; `adoptExisting` as given; `host`: which
 * host serves them, "dynamic" (the package's dynamic provider) or "plugin" (the same program
 * through the provider plugin, test/harness/plugin-program.mjs).
 */
export function websitesProgram(count, prefix, { adoptExisting = false, host = "dynamic" } = {}) {
  const source = `"use strict";
const pulumi = require("@pulumi/pulumi");
const webstats = require("pulumi-webstats");
module.exports = async () => {
  for (let i = 0; i < ${count}; i += 1) {
    new webstats.Website("site-" + i, {
      domain: "${prefix}-" + i + ".bench.example",
      adoptExisting: ${adoptExisting},
    });
  }
  return {};
};
`;
  return host === "plugin" ? forPlugin(source) : source;
}

/** `count` dynamic resources whose provider answers at once and has no read (refresh keeps state). */
export function noOpProgram(count) {
  return `"use strict";
const pulumi = require("@pulumi/pulumi");
const noOp = {
  async create(inputs) {
    return { id: inputs.name, outs: inputs };
  },
};
module.exports = async () => {
  for (let i = 0; i < ${count}; i += 1) {
    new pulumi.dynamic.Resource(noOp, "noop-" + i, { name: "noop-" + i });
  }
  return {};
};
`;
}

export function credentials(emulator, account) {
  return {
    "webstats:baseUrl": { value: emulator.url },
    "webstats:apiKey": { value: account.apiKey, secret: true },
  };
}

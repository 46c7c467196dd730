// The object Pulumi serializes into every Website's state as `__provider`.
//
// It is the whole `module.exports` of a file of this package, which Pulumi serializes as
// `require("pulumi-webstats/dynamic-provider")`: a few hundred bytes that stay valid across
// versions. Its methods load the implementation when called, so nothing of it (and no
// credential) is captured by value. Keep this file free of imports and state.
import type * as dynamic from "@pulumi/pulumi/dynamic";

type Implementation = typeof import("./website-provider");

const load = (): Implementation =>
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  require("./website-provider") as Implementation;

const webstatsProvider: dynamic.ResourceProvider = {
  configure: (req) => load().configure(req),
  check: (olds, news) => load().check(olds, news),
  diff: (id, olds, news) => load().diff(id, olds, news),
  create: (inputs) => load().create(inputs),
  read: (id, props) => load().read(id, props),
  update: (id, olds, news) => load().update(id, olds, news),
  delete: (id, props) => load().remove(id, props),
};

export = webstatsProvider;

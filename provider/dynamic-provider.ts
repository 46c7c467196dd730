// The object Pulumi serializes into every Website's state as `__provider`.
//
// It is the whole `module.exports` of a file of this package, which Pulumi serializes as
// `require("pulumi-webstats/dynamic-provider")`: a few hundred bytes that stay valid across
// versions. Its methods load the implementation when called, so nothing of it (and no
// credential) is captured by value. Keep this file free of imports and state (the path below
// is a constant).
import type * as dynamic from "@pulumi/pulumi/dynamic";
import type * as WebsiteProvider from "./website-provider";

type Implementation = typeof WebsiteProvider;
type Props = Record<string, unknown>;

// An absolute path, computed when this module loads. Loaded from outside node_modules (a
// checkout, a linked or `file:` dependency), the object is serialized by value: its methods'
// code runs in the provider process, where a relative require would resolve against Pulumi's
// own files; the captured absolute path still names this file's neighbour. Installed in
// node_modules, the object is serialized as a require of this module, which computes its own.
const implementationPath = `${__dirname}/website-provider`;

const load = (): Implementation =>
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  require(implementationPath) as Implementation;

const webstatsProvider: dynamic.ResourceProvider & { readonly module: string } = {
  // Names this module in the serialized `__provider` whichever way it is serialized (a require of
  // it, or the object by value), so that a policy can tell these Websites from other dynamic
  // resources (policy/website-resources.ts).
  module: "pulumi-webstats/dynamic-provider",
  configure: (req) => load().configure(req),
  check: (olds: Props, news: Props) => load().check(olds, news),
  diff: (id: string, olds: Props, news: Props) => load().diff(id, olds, news),
  create: (inputs: Props) => load().create(inputs),
  read: (id: string, props?: Props) => load().read(id, props),
  update: (id: string, olds: Props, news: Props) => load().update(id, olds, news),
  delete: (id: string, props: Props) => load().remove(id, props),
};

export = webstatsProvider;

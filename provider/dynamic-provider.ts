// The object Pulumi serializes into every Website's state as `__provider`.
//
// It is the whole `module.exports` of a file of this package, which Pulumi serializes as
// `require("pulumi-webstats/dynamic-provider")`: a few hundred bytes that stay valid across
// versions. Its methods load the implementation when called, so nothing of it (and no
// credential) is captured by value. Keep this file free of imports and state.
import type * as dynamic from "@pulumi/pulumi/dynamic";
import type * as WebsiteProvider from "./website-provider";

type Implementation = typeof WebsiteProvider;
type Props = Record<string, unknown>;

const load = (): Implementation =>
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  require("./website-provider") as Implementation;

const webstatsProvider: dynamic.ResourceProvider = {
  configure: (req) => load().configure(req),
  check: (olds: Props, news: Props) => load().check(olds, news),
  diff: (id: string, olds: Props, news: Props) => load().diff(id, olds, news),
  create: (inputs: Props) => load().create(inputs),
  read: (id: string, props?: Props) => load().read(id, props),
  update: (id: string, olds: Props, news: Props) => load().update(id, olds, news),
  delete: (id: string, props: Props) => load().remove(id, props),
};

export = webstatsProvider;

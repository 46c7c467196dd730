// The webstats policy pack: the rules of `pulumi-webstats/policy` served to the engine, which runs
// them at every preview and update. Run it with
//   pulumi preview --policy-pack <this folder> --policy-pack-config policy.json
import { PolicyPack } from "@pulumi/policy";
import type { Policies } from "@pulumi/policy";
import { packPolicies, policyPackName } from "pulumi-webstats/policy";

// The compiler holds the structural policies to @pulumi/policy's own types here.
const policies: Policies = packPolicies();

new PolicyPack(policyPackName, { policies });

// A rule's settings as the JSON schema a policy's `configSchema` carries, made from the rule's own
// zod schema: the engine checks a --policy-pack-config file's types against it and fills in the
// defaults it states. The entry checks JSON schema cannot say (an IP range, a glob) are the
// rule's own, run by the pack and by drift.
import { z } from "zod";
import type { PolicyRule } from "./rules";

export interface ConfigSchema {
  properties: Record<string, object>;
  required?: string[];
}

export function configSchemaOf(rule: PolicyRule): ConfigSchema {
  // draft-07: the draft the engine's JSON schema validator reads.
  const schema = z.toJSONSchema(rule.settings, {
    io: "input",
    unrepresentable: "any",
    target: "draft-7",
  }) as {
    properties?: Record<string, object>;
    required?: string[];
  };
  return {
    properties: schema.properties ?? {},
    ...(schema.required && schema.required.length > 0 ? { required: schema.required } : {}),
  };
}

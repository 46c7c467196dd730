// The data functions (getAccount, getWebsites, getWebsite) as plain functions of plain values,
// with their arguments described once: checked here for every host, and written into the
// package schema from the same table.
import { z } from "zod";
import { NotFoundError } from "../sdk";
import type { Account, ListWebsitesParams, Website } from "../sdk";
import { choice, connectionArgument, flag } from "./argument-schemas";
import type { ConnectionInputs } from "./argument-schemas";
import { closestName } from "./closest-name";
import { settingsOf } from "./website-lifecycle";
import type { CoreContext } from "./website-lifecycle";
import { WebsiteNotFoundError } from "./lookup-errors";
import type { resultTypes } from "./result-types";
import { schemaRefs } from "./website-fields";
import type { SchemaType } from "./website-fields";

/** One argument of a function: what users read, its schema type and how it is checked. */
interface ArgumentSpec {
  description: string;
  schema: SchemaType;
  check: z.ZodType;
}

const connection: ArgumentSpec = {
  description:
    "An installation and account to use instead of the provider's (stack configuration, then environment): `baseUrl` and `apiKey`, and how to reach it (`proxyUrl`, `caCertFile`, `skipTlsVerify`, `allowHttp`), setting by setting.",
  schema: { $ref: schemaRefs.connection },
  check: connectionArgument,
};

const sortBy = ["id", "domain"] as const;
const sortOrder = ["asc", "desc"] as const;

/** Each function's description, arguments and result, in the schema's words. */
export const functionSpecs = {
  getAccount: {
    description: "The account that owns the API key, with its plan and limits.",
    arguments: { connection },
    /** The result: a type of result-types.ts, or the list of websites. */
    result: "Account",
  },
  getWebsites: {
    description: "Every website of the account (all pages), optionally filtered and ordered.",
    arguments: {
      search: {
        description: "Only websites whose domain contains this text.",
        schema: { type: "string" },
        check: z.string({ error: "search must be a string." }),
      },
      favorite: {
        description: "Only favorites (true) or only the others (false).",
        schema: { type: "boolean" },
        check: flag("favorite"),
      },
      sortBy: {
        description: "Order by creation (`id`, the default) or by `domain`.",
        schema: { type: "string" },
        check: choice("sortBy", sortBy),
      },
      sort: {
        description: "Direction of the order: `asc` or `desc` (the default).",
        schema: { type: "string" },
        check: choice("sort", sortOrder),
      },
      connection,
    },
    result: "websites",
  },
  getWebsite: {
    description:
      "One website of the account, by `id` or by `domain` (normalised like the server does), not both.",
    arguments: {
      id: {
        description: "The website's id in the service.",
        schema: { type: "integer" },
        check: z
          .number({ error: "id must be a website id, a whole number such as 42." })
          .int({ error: "id must be a website id, a whole number such as 42." })
          .positive({ error: "id must be a website id, a whole number such as 42." }),
      },
      domain: {
        description:
          "The domain, normalised like the server does (`https://www.Example.com` is `example.com`).",
        schema: { type: "string" },
        check: z.string({ error: "domain must be a string such as example.com." }),
      },
      connection,
    },
    result: "WebsiteInfo",
  },
} satisfies Record<
  string,
  {
    description: string;
    arguments: Record<string, ArgumentSpec>;
    result: keyof typeof resultTypes | "websites";
  }
>;

export type FunctionName = keyof typeof functionSpecs;

/**
 * A function's arguments, checked: unknown names and bad values are refused with a message
 * that names the function, the argument and the fix. Null counts as omitted.
 */
export function checkArguments(name: FunctionName, raw: unknown): Record<string, unknown> {
  const specs: Record<string, ArgumentSpec> = functionSpecs[name].arguments;
  if (raw !== undefined && raw !== null && (typeof raw !== "object" || Array.isArray(raw))) {
    throw new Error(`${name} takes an object of arguments.`);
  }
  const problems: string[] = [];
  const checked: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(raw ?? {})) {
    if (value === undefined || value === null) continue;
    const spec = Object.hasOwn(specs, key) ? specs[key] : undefined;
    if (!spec) {
      const near = closestName(key, Object.keys(specs));
      problems.push(`${key} is not an argument of ${name}${near ? ` (did you mean ${near}?)` : ""}`);
      continue;
    }
    const result = spec.check.safeParse(value);
    if (result.success) checked[key] = result.data;
    else problems.push(...result.error.issues.map((issue) => issue.message));
  }
  if (problems.length > 0) throw new Error(`${name}: ${problems.join(" ")}`);
  return checked;
}

const connectionOf = (args: Record<string, unknown>) => args.connection as ConnectionInputs | undefined;

/** The account that owns the API key. */
export async function getAccount(ctx: CoreContext, raw: unknown): Promise<Account> {
  const args = checkArguments("getAccount", raw);
  return await ctx.clients.clientFor(connectionOf(args), settingsOf(ctx)).account.get();
}

/** Every matching website, across all pages. */
export async function getWebsites(ctx: CoreContext, raw: unknown): Promise<{ websites: Website[] }> {
  const args = checkArguments("getWebsites", raw);
  // Every argument but the connection is a filter or order of the listing, under the same name.
  const { connection: _connection, ...params } = args as ListWebsitesParams & { connection?: unknown };
  const client = ctx.clients.clientFor(connectionOf(args), settingsOf(ctx));
  return { websites: await client.websites.list(params) };
}

/** One website by id or by domain; a WebsiteNotFoundError either way when there is none. */
export async function getWebsite(ctx: CoreContext, raw: unknown): Promise<Website> {
  const args = checkArguments("getWebsite", raw);
  const { id, domain } = args as { id?: number; domain?: string };
  if (id !== undefined && domain !== undefined) {
    throw new Error("getWebsite takes either id or domain, not both.");
  }
  if (id === undefined && domain === undefined) throw new Error("getWebsite needs an id or a domain.");
  const client = ctx.clients.clientFor(connectionOf(args), settingsOf(ctx));
  if (id !== undefined) {
    try {
      return await client.websites.get(id);
    } catch (error) {
      if (error instanceof NotFoundError) throw new WebsiteNotFoundError({ id }, { cause: error });
      throw error;
    }
  }
  const website = await client.websites.findByDomain(domain!);
  if (!website) throw new WebsiteNotFoundError({ domain: domain! });
  return website;
}

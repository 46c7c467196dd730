// The backend a stack is in, found as the CLI finds it: PULUMI_BACKEND_URL, else the project's
// `backend.url` (Pulumi.yaml), else the backend `pulumi login` chose (`current` in
// PULUMI_HOME/credentials.json, PULUMI_HOME defaulting to ~/.pulumi), else Pulumi Cloud. Only
// `file://` and `postgres://` backends are read here; any other is pulumi's to read.
import { readFile } from "node:fs/promises";
import { homedir } from "node:os";
import { join } from "node:path";
import type { Environment } from "../../../core/settings";
import { environmentBackend } from "../../../core/pulumi-command";

/** The backends read without pulumi. */
export type DirectBackendKind = "file" | "postgres";

export function directKindOf(url: string): DirectBackendKind | undefined {
  if (url.startsWith("file://")) return "file";
  if (/^postgres(ql)?:\/\//.test(url)) return "postgres";
  return undefined;
}

/** The URL with any password replaced by *** (in the user part and in password= parameters). */
export function withoutPassword(url: string): string {
  const parts = /^([a-z][a-z0-9+.-]*:\/\/)([^/?#]*)(.*)$/is.exec(url);
  if (!parts) return url.replace(/([?&](?:ssl)?password=)[^&#]*/gi, "$1***");
  const [, scheme = "", authority = "", rest = ""] = parts;
  // The user part ends at the authority's last @, as URL parsers read it: a password may hold @.
  const at = authority.lastIndexOf("@");
  const colon = authority.indexOf(":");
  const hidden =
    at >= 0 && colon >= 0 && colon < at
      ? `${authority.slice(0, colon)}:***${authority.slice(at)}`
      : authority;
  return scheme + hidden + rest.replace(/([?&](?:ssl)?password=)[^&#]*/gi, "$1***");
}

/** The backend `pulumi login` chose last, or undefined when none is recorded. */
async function loggedInBackend(env: Environment): Promise<string | undefined> {
  const home =
    env.PULUMI_HOME && env.PULUMI_HOME !== "" ? env.PULUMI_HOME : join(env.HOME || homedir(), ".pulumi");
  let text: string;
  try {
    text = await readFile(join(home, "credentials.json"), "utf8");
  } catch {
    return undefined;
  }
  try {
    const current = (JSON.parse(text) as { current?: unknown } | null)?.current;
    return typeof current === "string" && current.trim() !== "" ? current.trim() : undefined;
  } catch {
    // pulumi itself will say what is wrong with its credentials when it is run.
    return undefined;
  }
}

/**
 * The backend URL the stacks of a project are in: the environment's, else `projectBackend` (the
 * project's backend.url), else the logged-in one; undefined means Pulumi Cloud (or unknown).
 */
export async function backendOf(
  env: Environment,
  projectBackend: string | undefined,
): Promise<string | undefined> {
  return environmentBackend(env) ?? projectBackend ?? (await loggedInBackend(env));
}

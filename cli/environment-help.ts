// The environment variables a command reads, for its --help: each setting's variable and summary
// from the settings table, the proxy variables, and for a command that runs pulumi the variables
// that choose it.
import { pulumiVariableSummaries, pulumiVariables, settingEntries } from "../core/settings";
import { websiteFields } from "../core/website-fields";

/** The docs pages of the settings and the network settings, which the help names. */
const ENVIRONMENT_DOCS = ["docs/accounts.md#settings", "docs/networks.md"] as const;

/** `runsPulumi`: the command runs the user's pulumi, so the variables that choose it are listed too. */
export function environmentHelp(runsPulumi = false): string {
  const rows: [string, string][] = [
    ...settingEntries
      // The default of a Website argument (adoptExisting): nothing a command creates.
      .filter(([name]) => !Object.hasOwn(websiteFields, name))
      .map(([, spec]): [string, string] => [spec.env, spec.summary]),
    ["HTTPS_PROXY, HTTP_PROXY", "the proxy for https:// and http:// installations (either case)"],
    ["NO_PROXY", "hosts reached directly: names, .suffixes, host:port, or *"],
    ...(runsPulumi
      ? (Object.keys(pulumiVariables) as (keyof typeof pulumiVariables)[]).map((name): [string, string] => [
          pulumiVariables[name],
          pulumiVariableSummaries[name],
        ])
      : []),
  ];
  const width = Math.max(...rows.map(([variable]) => variable.length)) + 2;
  const lines = rows.map(([variable, meaning]) => `  ${variable.padEnd(width)}${meaning}`).join("\n");
  return `Environment (the only way to give credentials and settings;
see ${ENVIRONMENT_DOCS.join(" and ")}):
${lines}
`;
}

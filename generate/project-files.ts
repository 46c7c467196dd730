// The files around a generated program: Pulumi.yaml, package.json, tsconfig.json, README.md
// and .gitignore, the same for both formats.
import { SDK_VERSION } from "../sdk";

/** The @pulumi/pulumi versions this package works with; a test keeps it equal to peerDependencies. */
export const PULUMI_VERSION_RANGE = "^3.248.0";

/** A Pulumi project name from a folder name: letters, digits, `-`, `_` and `.`. */
export function projectNameFrom(folder: string): string {
  const name = folder
    .toLowerCase()
    .replace(/[^a-z0-9_.-]+/g, "-")
    .replace(/^[-.]+|[-.]+$/g, "");
  return name === "" ? "webstats-websites" : name;
}

export function pulumiYaml(name: string, baseUrl: string): string {
  return [
    `name: ${name}`,
    `description: Websites of the Website Statistics Service at ${baseUrl}, managed with pulumi-webstats`,
    `runtime: nodejs`,
    ``,
  ].join("\n");
}

export function packageJson(name: string): string {
  const manifest = {
    name,
    private: true,
    main: "index.ts",
    dependencies: {
      "@pulumi/pulumi": PULUMI_VERSION_RANGE,
      "pulumi-webstats": `^${SDK_VERSION}`,
    },
    devDependencies: {
      "@types/node": "^20.0.0",
      typescript: "^5.0.0",
    },
  };
  return `${JSON.stringify(manifest, null, 2)}\n`;
}

export function tsconfigJson(): string {
  const config = {
    compilerOptions: {
      strict: true,
      target: "ES2022",
      module: "Node16",
      moduleResolution: "Node16",
      outDir: "bin",
      sourceMap: true,
      skipLibCheck: true,
    },
    files: ["index.ts"],
  };
  return `${JSON.stringify(config, null, 2)}\n`;
}

/** How the project marks its websites protected, and how one is released, in each format. */
const protection = {
  ts: {
    marked: "`{ protect: true }` on each `Website`",
    release: "remove its `{ protect: true }`, then run `pulumi up`",
    remove: "remove the `Website`",
  },
  yaml: {
    marked: "`protect: true` in the `defaults` of `websites.yaml`",
    release: "set `protect: false` on its entry, then run `pulumi up`",
    remove: "remove the entry",
  },
};

export function readme(
  name: string,
  baseUrl: string,
  format: "ts" | "yaml",
  programFiles: string[],
  install: string[] = ["npm install"],
): string {
  const { marked, release, remove } = protection[format];
  return `# ${name}

The websites of an account of the Website Statistics Service at ${baseUrl}, as code
(${programFiles.join(", ")}), written by \`pulumi-webstats generate\`.

\`\`\`sh
${install.join("\n")}
pulumi stack init prod
pulumi config set webstats:baseUrl ${baseUrl}
pulumi config set --secret webstats:apiKey "$WEBSTATS_API_KEY"
pulumi up
\`\`\`

The preview of the first \`up\` shows every website as a create: Pulumi does not know them
yet. Each is declared with \`adoptExisting: true\`, so \`up\` takes the existing website over
instead of creating one; nothing is created, deleted or changed on the server. The next
\`pulumi preview\` shows no change.

\`excludeParams\` and \`password\` are not declared: the API never returns them, so they stay
as they are on the server until you declare them.

Every website is protected (${marked}): Pulumi refuses to delete it, because deleting a
website erases its statistics. An \`up\` that would delete a protected website fails. To
delete one:

1. ${release};
2. ${remove}; the next \`up\` deletes the website.

Or run \`pulumi state unprotect <URN>\` (\`pulumi stack --show-urns\` lists the URNs), then
${remove}. Before \`pulumi destroy\`, \`pulumi state unprotect --all\` releases every website.
`;
}

export const gitignore = "node_modules/\nbin/\n";

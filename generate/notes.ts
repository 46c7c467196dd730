// The explanations a generated project carries, worded once for both formats.

export interface Origin {
  /** The installation the websites were listed from. */
  baseUrl: string;
  /** When they were listed, as YYYY-MM-DD. */
  date: string;
  count: number;
}

export function originLine(origin: Origin): string {
  const sites = origin.count === 1 ? "1 website" : `${origin.count} websites`;
  return `${sites} of the account at ${origin.baseUrl}, as listed on ${origin.date} by \`pulumi-webstats generate\`.`;
}

export const adoptionNote = [
  "Each website is declared with its current settings and adoptExisting: true, so the first",
  "`pulumi up` takes it over: nothing is created, deleted or changed on the server. From then on",
  "the settings here are the truth: `pulumi up` restores them when they change elsewhere.",
];

/** How `excludeParams` and `password`, which the API never returns, are left alone and how to manage them. */
export function writeOnlyNote(format: "ts" | "yaml"): string[] {
  const password =
    format === "ts"
      ? 'password: config.requireSecret("shopPassword") (pulumi config set --secret shopPassword ...)'
      : "passwordConfig: shopPassword (pulumi config set --secret shopPassword ...)";
  return [
    "Not declared: excludeParams and password. The API never returns them, so they are left out",
    "and stay as they are on the server. To manage one, add it to a website, e.g.",
    '  excludeParams: ["utm_source", "fbclid"]',
    `  ${password}`,
    "Once declared, Pulumi sets it and keeps it as declared.",
  ];
}

/** That every website is protected, and how to release one before deleting it. */
export function protectionNote(format: "ts" | "yaml"): string[] {
  return format === "ts"
    ? [
        "Every website is protected ({ protect: true }): Pulumi refuses to delete it (deleting a",
        "website erases its statistics). To delete one: remove its { protect: true }, run",
        "`pulumi up`, then remove the website. Or run `pulumi state unprotect <URN>` (URNs:",
        "`pulumi stack --show-urns`), then remove it.",
      ]
    : [
        "Every website is protected (protect: true in defaults): Pulumi refuses to delete it",
        "(deleting a website erases its statistics). To delete one: set protect: false on its entry,",
        "run `pulumi up`, then remove the entry. Or run `pulumi state unprotect <URN>` (URNs:",
        "`pulumi stack --show-urns`), then remove the entry.",
      ];
}

export const passwordComment =
  "Password-protected: its password stays as it is on the server. To manage it, see the note at the top.";

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

export const passwordComment =
  "Password-protected: its password stays as it is on the server. To manage it, see the note at the top.";

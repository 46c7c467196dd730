// WebsiteFleet: one Website per entry of a fleet file, as a Pulumi component.
import { existsSync } from "node:fs";
import { dirname, join, relative, resolve, sep } from "node:path";
import * as pulumi from "@pulumi/pulumi";
import { Website } from "../provider/website";
import type { WebsiteConnection } from "../provider/website";
import { FleetError } from "./fleet-errors";
import type { FleetProblem } from "./fleet-errors";
import { loadFleet } from "./load-fleet";
import type { Fleet, FleetWebsite } from "./load-fleet";

/** The arguments of a WebsiteFleet. */
export interface WebsiteFleetArgs {
  /** A fleet read by `loadFleet`, or the path of a fleet file to read. */
  fleet: Fleet | string;
  /**
   * The installation and account of every website of the fleet, and how to reach it (any
   * setting of a {@link WebsiteConnection}); what it leaves out comes from the provider's settings
   * (stack configuration, then `WEBSTATS_*` variables), setting by setting.
   */
  connection?: pulumi.Input<WebsiteConnection>;
}

/** The secret behind `passwordConfig: NAME` (`NAME` in the project's namespace, or `namespace:NAME`). */
function configuredPassword(key: string): pulumi.Output<string> | undefined {
  const colon = key.indexOf(":");
  const config = colon < 0 ? new pulumi.Config() : new pulumi.Config(key.slice(0, colon));
  return config.getSecret(colon < 0 ? key : key.slice(colon + 1));
}

/** Every configured password, or a FleetError naming each one that is missing. */
function passwordsOf(fleet: Fleet): Map<string, pulumi.Output<string>> {
  const passwords = new Map<string, pulumi.Output<string>>();
  const problems: FleetProblem[] = [];
  for (const site of fleet.websites) {
    if (site.passwordConfig === undefined) continue;
    const password = configuredPassword(site.passwordConfig);
    if (password) {
      passwords.set(site.domain, password);
      continue;
    }
    problems.push({
      file: fleet.file,
      line: site.line,
      where: `website ${site.domain}`,
      argument: "passwordConfig",
      message:
        `the stack configuration has no ${site.passwordConfig}: ` +
        `set it with pulumi config set --secret ${site.passwordConfig} PASSWORD.`,
    });
  }
  if (problems.length > 0) throw new FleetError(fleet.file, problems);
  return passwords;
}

/**
 * The websites of a fleet file, one `Website` per entry. Each is named after the fleet and
 * its normalised domain (`NAME-example.com`), so reordering the file or respelling a domain
 * (`https://www.Example.com`) changes nothing. Removing an entry deletes that website, and
 * its statistics, on the next `up`: an entry with `protect: true` (or `protect: true` in the
 * file's defaults) guards that website, and `{ protect: true }` in the options guards them all.
 */
export class WebsiteFleet extends pulumi.ComponentResource {
  /** The fleet's websites by normalised domain. */
  readonly websites: Readonly<Record<string, Website>>;
  /** The websites' ids by normalised domain. */
  readonly websiteIds: pulumi.Output<Record<string, number>>;
  /**
   * The fleet file, relative to the project folder (`/` between folders); undefined for a fleet
   * not read from a file. Recorded in the state, where `pulumi-webstats drift --fix code` finds it.
   */
  readonly fleetFile: string | undefined;

  constructor(name: string, args: WebsiteFleetArgs, opts?: pulumi.ComponentResourceOptions) {
    // Everything is read and checked before the component or any website is declared.
    const fleet = typeof args.fleet === "string" ? loadFleet(args.fleet) : args.fleet;
    const passwords = passwordsOf(fleet);
    super("webstats:fleet:WebsiteFleet", name, {}, opts);

    const websites: Record<string, Website> = {};
    for (const site of fleet.websites) {
      websites[site.domain] = new Website(
        `${name}-${site.domain}`,
        websiteArgs(site, passwords, args),
        websiteOptions(site, this),
      );
    }
    this.websites = websites;
    const domains = Object.keys(websites);
    this.websiteIds = pulumi
      .all(domains.map((domain) => websites[domain]!.websiteId))
      .apply((ids) => Object.fromEntries(domains.map((domain, i) => [domain, ids[i]!])));
    this.fleetFile = fleetFileOf(fleet);
    this.registerOutputs({
      websiteIds: this.websiteIds,
      ...(this.fleetFile === undefined ? {} : { fleetFile: this.fleetFile }),
    });
  }
}

/**
 * Where the fleet was read from, relative to the project folder, so that the state says which
 * file declares each website wherever the project is checked out; undefined when `fleet.file`
 * is no file (a fleet parsed from text names it as it likes).
 */
function fleetFileOf(fleet: Fleet): string | undefined {
  const path = resolve(fleet.file);
  if (!existsSync(path)) return undefined;
  return relative(projectFolder(), path).split(sep).join("/");
}

/**
 * The folder of the project's Pulumi.yaml, found from the program's working folder as pulumi
 * finds it: the root the engine's own `project:///` source positions are relative to.
 */
function projectFolder(): string {
  const start = process.cwd();
  for (let folder = start; ; folder = dirname(folder)) {
    if (["Pulumi.yaml", "Pulumi.yml"].some((name) => existsSync(join(folder, name)))) return folder;
    if (dirname(folder) === folder) return start;
  }
}

/**
 * The resource options of one website: the fleet as parent, and `protect` when the entry says
 * `protect: true`. Otherwise `protect` is left out, so the website inherits the fleet's own.
 */
function websiteOptions(site: FleetWebsite, fleet: WebsiteFleet): pulumi.CustomResourceOptions {
  return { parent: fleet, ...(site.protect === true ? { protect: true } : {}) };
}

function websiteArgs(
  site: FleetWebsite,
  passwords: Map<string, pulumi.Output<string>>,
  args: WebsiteFleetArgs,
): ConstructorParameters<typeof Website>[1] {
  const password = passwords.get(site.domain);
  return {
    ...site.args,
    ...(password === undefined ? {} : { password }),
    ...(args.connection === undefined ? {} : { connection: args.connection }),
  };
}

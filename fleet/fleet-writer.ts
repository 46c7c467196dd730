// Writing a fleet file, for `pulumi-webstats generate --format yaml`. The text it writes is
// read back by loadFleet; a test holds the two to the same format.
import { Document, isMap, isPair, isSeq } from "yaml";
import { fleetSettingKeys } from "./fleet-format";
import type { FleetSettings } from "./fleet-format";

export interface FleetFileWebsite {
  domain: string;
  /** Only the settings that differ from the defaults. */
  settings: FleetSettings;
  /** A comment written above the entry, e.g. why a setting is left out. */
  comment?: string;
}

export interface FleetFileContent {
  /** Comment lines at the top of the file. */
  header: string;
  defaults: FleetSettings;
  websites: FleetFileWebsite[];
}

/** Settings in the format's order, so every entry reads the same way. */
function ordered(settings: FleetSettings): Record<string, unknown> {
  const result: Record<string, unknown> = {};
  for (const key of fleetSettingKeys) {
    if (settings[key] !== undefined) result[key] = settings[key];
  }
  return result;
}

/** Comment text as the yaml package wants it: each line after its `#`, spaced. */
const commentText = (text: string): string =>
  text
    .split("\n")
    .map((line) => (line === "" ? "" : ` ${line}`))
    .join("\n");

/** The YAML text of a fleet file: comments kept, lists written inline. */
export function fleetFileText(content: FleetFileContent): string {
  const doc = new Document({
    defaults: ordered(content.defaults),
    websites: content.websites.map((site) => ({ domain: site.domain, ...ordered(site.settings) })),
  });
  doc.commentBefore = commentText(content.header);
  const websites = doc.get("websites", true);
  const entries = isSeq(websites) ? websites.items : [];
  entries.forEach((item, index) => {
    const comment = content.websites[index]?.comment;
    if (comment && isMap(item)) item.commentBefore = commentText(comment);
  });
  // Lists of addresses and parameters read best on one line: `excludeIps: [10.0.0.1, ::1]`.
  for (const map of [doc.get("defaults", true), ...entries]) {
    if (!isMap(map)) continue;
    for (const pair of map.items) {
      if (isPair(pair) && isSeq(pair.value)) pair.value.flow = true;
    }
  }
  return doc.toString({ lineWidth: 0, flowCollectionPadding: false });
}

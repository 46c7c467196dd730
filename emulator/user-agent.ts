// What the tracker reads from a User-Agent (it uses the WhichBrowser parser): whether the client
// is a bot, and the browser, operating system and device type it records for a visit. The bot
// markers are WhichBrowser's generic ones; its list of hundreds of named bots and its browser
// and device tables are reduced to the common cases.

export interface UserAgentFacts {
  bot: boolean;
  /** "" when not recognised, as the tracker stores an unknown one. */
  browser: string;
  os: string;
  /** desktop, mobile, tablet, bot, or "". */
  device: string;
}

/** WhichBrowser: a URL after "+" (the "+http://example.com/bot.html" convention). */
const BOT_URL = /\+https?:\/\//i;
/** WhichBrowser: the words bot, robot, spider or crawler ending at `/`, `)`, `;` or the end. */
const BOT_WORD = /(?:Bot|Robot|Spider|Crawler)(?:[/);]|$)/i;
/** A phone maker whose name ends in "bot". */
const NOT_A_BOT = /CUBOT/i;

const BROWSERS: [RegExp, string][] = [
  [/\bEdg(?:e|A|iOS)?\//, "Edge"],
  [/\bOPR\//, "Opera"],
  [/\bSamsungBrowser\//, "Samsung Internet"],
  [/\b(?:Firefox|FxiOS)\//, "Firefox"],
  [/\b(?:Chrome|CriOS)\//, "Chrome"],
  [/\bVersion\/[0-9.]+.*\bSafari\//, "Safari"],
];

const SYSTEMS: [RegExp, string][] = [
  [/\bWindows\b/, "Windows"],
  [/\b(?:iPhone|iPad|iPod)\b/, "iOS"],
  [/\bAndroid\b/, "Android"],
  [/\bCrOS\b/, "Chrome OS"],
  [/\bMac OS X\b/, "macOS"],
  [/\bLinux\b/, "Linux"],
];

function firstMatch(table: [RegExp, string][], userAgent: string): string {
  return table.find(([pattern]) => pattern.test(userAgent))?.[1] ?? "";
}

function deviceType(userAgent: string, os: string): string {
  if (/\biPad\b/.test(userAgent) || (os === "Android" && !/\bMobile\b/.test(userAgent))) return "tablet";
  if (os === "iOS" || os === "Android" || /\bMobile\b/.test(userAgent)) return "mobile";
  if (os !== "") return "desktop";
  return "";
}

export function analyseUserAgent(userAgent: string | undefined): UserAgentFacts {
  const text = userAgent ?? "";
  // A bot's browser, system and device are reset to nothing but the device type "bot".
  if (BOT_URL.test(text) || (BOT_WORD.test(text) && !NOT_A_BOT.test(text))) {
    return { bot: true, browser: "", os: "", device: "bot" };
  }
  const os = firstMatch(SYSTEMS, text);
  return { bot: false, browser: firstMatch(BROWSERS, text), os, device: deviceType(text, os) };
}

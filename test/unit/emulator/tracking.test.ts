// The emulator's stand-ins for what the real tracker runs on: PHP's parse_url, parse_str and
// http_build_query, Symfony's IpUtils, WhichBrowser's bot markers, the framework's date_format,
// and the stats table's collation.
import { describe, expect, it } from "vitest";
import { ipMatchesAny } from "../../../emulator/ip-ranges";
import {
  buildQueryString,
  hostWithoutWww,
  parseQueryString,
  parseUrl,
  phpTruthy,
} from "../../../emulator/php-url";
import { StatTable } from "../../../emulator/stat-table";
import { isYmdDate, validateStatsInput } from "../../../emulator/stats-query";
import { analyseUserAgent } from "../../../emulator/user-agent";

describe("parse_url", () => {
  it.each([
    ["https://www.Example.com:8443/a/b?x=1#top", { host: "www.Example.com", path: "/a/b", query: "x=1" }],
    ["http://user:secret@example.com", { host: "example.com", path: undefined, query: undefined }],
    ["//example.com/p?", { host: "example.com", path: "/p", query: "" }],
    ["http://[::1]:80/x", { host: "[::1]", path: "/x", query: undefined }],
    ["example.com/page", { host: undefined, path: "example.com/page", query: undefined }],
  ])("%s", (url, parts) => {
    expect(parseUrl(url)).toEqual(parts);
  });

  it("has no URL where PHP's fails: no host after //", () => {
    expect(parseUrl("http://")).toBeUndefined();
    expect(parseUrl("http://:80/x")).toBeUndefined();
  });

  it("drops www. only at the start, and then every www. (str_replace)", () => {
    expect(hostWithoutWww("www.example.com")).toBe("example.com");
    expect(hostWithoutWww("www.www.example.com")).toBe("example.com");
    expect(hostWithoutWww("shop.www.example.com")).toBe("shop.www.example.com");
    expect(hostWithoutWww("www2.example.com")).toBe("www2.example.com");
  });
});

describe("parse_str and http_build_query", () => {
  const roundTrip = (query: string) => buildQueryString(parseQueryString(query));

  it.each([
    ["a=1&b=2", "a=1&b=2"],
    ["q=a%20b&r=c+d", "q=a+b&r=c+d"],
    ["a=1&a=2&b=3", "a=2&b=3"],
    ["a.b=1&c d=2", "a_b=1&c_d=2"],
    ["flag&x=", "flag=&x="],
    ["l[]=1&l[]=2&m[k]=v", "l%5B0%5D=1&l%5B1%5D=2&m%5Bk%5D=v"],
    ["a[b=1", "a_b=1"],
    ["t=~%21*", "t=%7E%21%2A"],
    ["&&=x&y=1", "y=1"],
  ])("%s -> %s", (query, rebuilt) => {
    expect(roundTrip(query)).toBe(rebuilt);
  });

  it("keeps the position of a key given twice", () => {
    expect([...parseQueryString("b=1&a=2&b=3").keys()]).toEqual(["b", "a"]);
  });
});

describe("PHP truthiness", () => {
  it.each([null, undefined, "", "0", 0, false, []])("%j is false", (value) => {
    expect(phpTruthy(value)).toBe(false);
  });
  it.each(["a", "00", " ", 1, true, ["x"], { a: 1 }])("%j is true", (value) => {
    expect(phpTruthy(value)).toBe(true);
  });
});

describe("IpUtils::checkIp", () => {
  it.each([
    ["127.0.0.1", ["127.0.0.1"], true],
    ["127.0.0.1", ["127.0.0.0/8"], true],
    ["127.0.0.1", ["10.0.0.0/8", "127.0.0.1/32"], true],
    ["127.0.0.2", ["127.0.0.1/32"], false],
    ["203.0.113.9", ["0.0.0.0/0"], true],
    ["127.0.0.1", ["::1", "::/0"], false],
    ["::1", ["::1"], true],
    ["2001:db8::5", ["2001:db8::/32"], true],
    ["2001:db8::5", ["127.0.0.1", "0.0.0.0/0"], false],
    ["127.0.0.1", ["127.0.0.1/33", "not an ip", " 127.0.0.1"], false],
  ])("%s in %j: %s", (ip, entries, matches) => {
    expect(ipMatchesAny(ip, entries)).toBe(matches);
  });
});

describe("the User-Agent", () => {
  it.each([
    "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
    "Mozilla/5.0 (compatible; SomeSpider)",
    "my-crawler",
    "Robot/1.0",
    "Mozilla/5.0 (Linux) +https://example.com/about-our-agent",
  ])("%s is a bot", (agent) => {
    expect(analyseUserAgent(agent)).toEqual({ bot: true, browser: "", os: "", device: "bot" });
  });

  it.each([
    "Mozilla/5.0 (Linux; Android 12; CUBOT KINGKONG 7) AppleWebKit/537.36 Chrome/120.0 Mobile Safari/537.36",
    "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 Version/17.0 Safari/605.1.15",
    "Botany-Reader 1.0 (not a marker: no / ) ; or end after the word)",
    "",
  ])("%j is not a bot", (agent) => {
    expect(analyseUserAgent(agent).bot).toBe(false);
  });

  it.each([
    [
      "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0",
      { browser: "Edge", os: "Windows", device: "desktop" },
    ],
    [
      "Mozilla/5.0 (iPad; CPU OS 17_5 like Mac OS X) AppleWebKit/605.1.15 Version/17.5 Mobile/15E148 Safari/604.1",
      { browser: "Safari", os: "iOS", device: "tablet" },
    ],
    [
      "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/131.0 Mobile Safari/537.36",
      { browser: "Chrome", os: "Android", device: "mobile" },
    ],
    ["curl/8.5.0", { browser: "", os: "", device: "" }],
  ])("%s", (agent, facts) => {
    expect(analyseUserAgent(agent)).toEqual({ bot: false, ...facts });
  });
});

describe("the statistics request's validation", () => {
  it.each([
    ["2026-11-24", true],
    ["2024-02-29", true],
    ["2026-02-29", false],
    ["2026-11-31", false],
    ["2026-1-24", false],
    ["26-11-24", false],
    ["2026-11-24 00:00", false],
  ])("date_format:Y-m-d %s: %s", (value, valid) => {
    expect(isYmdDate(value)).toBe(valid);
  });

  it("checks name, then from and to, with the framework's messages", () => {
    expect(validateStatsInput({})).toEqual({
      name: ["The name field is required."],
      from: ["The from field is required."],
      to: ["The to field is required."],
    });
    expect(validateStatsInput({ name: ["page"], from: 20261124, to: [] })).toEqual({
      name: ["The selected name is invalid."],
      from: ["The from field must match the format Y-m-d."],
      to: ["The to field is required."],
    });
    expect(validateStatsInput({ name: "visitors_hour", from: "2026-11-24", to: "2026-11-24" })).toEqual({});
  });
});

describe("the stats table", () => {
  it("counts values as the collation compares them, keeping the first spelling", () => {
    const table = new StatTable();
    table.count(1, "page", "/About", "2026-11-24");
    table.count(1, "page", "/about ", "2026-11-24");
    table.count(1, "page", "/about", "2026-11-25");
    table.count(2, "page", "/about", "2026-11-24");
    expect(table.rowsOf(1, "page", "2026-11-24", "2026-11-25")).toEqual([
      { website_id: 1, name: "page", value: "/About", date: "2026-11-24", count: 2 },
      { website_id: 1, name: "page", value: "/about", date: "2026-11-25", count: 1 },
    ]);
    expect(table.total([1, 2], "page", "2026-11-24", "2026-11-24")).toBe(3);
    table.deleteWebsite(1);
    expect(table.all()).toEqual([
      { website_id: 2, name: "page", value: "/about", date: "2026-11-24", count: 1 },
    ]);
  });
});

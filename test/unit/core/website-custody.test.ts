// What keeps a website from being deleted by anything but the user's intent (core/website-custody.ts),
// as plain values: which ids and domains the custody holds, when an address counts as moved, and
// why a website found at a new address is not the recorded one.
import { afterEach, describe, expect, it, vi } from "vitest";
import { Custody, lookUp, misplaced, moved, notifyEngine, placeOf } from "../../../core/website-custody";
import { NotFoundError, PermissionDeniedError } from "../../../sdk";
import type { Website as ApiWebsite, WebstatsClient } from "../../../sdk";

afterEach(() => vi.restoreAllMocks());

const website = (id: number, domain: string) => ({ id, domain }) as ApiWebsite;

describe("Custody", () => {
  it("holds a website by id and domain, an id given as text like one given as a number", () => {
    const custody = new Custody(() => undefined);
    custody.hold("42", "a.example.com");
    expect(custody.holds(42, "a.example.com")).toBe(true);
    expect(custody.holds(42, "b.example.com")).toBe(false);
    expect(custody.holds(43, "a.example.com")).toBe(false);
    expect(custody.holds(42, undefined)).toBe(false);
  });

  it("holds nothing for an id that is no whole number or a domain not known", () => {
    const custody = new Custody(() => undefined);
    custody.hold("4.5", "a.example.com");
    custody.hold("abc", "a.example.com");
    custody.hold(7, undefined);
    custody.hold(8, "");
    expect(custody.holds(4.5, "a.example.com")).toBe(false);
    expect(custody.holds(Number.NaN, "a.example.com")).toBe(false);
    expect(custody.holds(7, "undefined")).toBe(false);
    expect(custody.holds(8, "")).toBe(false);
  });

  it("holds no website for a domain not known, even beside one held under the text undefined", () => {
    const custody = new Custody(() => undefined);
    custody.hold(9, "undefined");
    expect(custody.holds(9, "undefined")).toBe(true);
    expect(custody.holds(9, undefined)).toBe(false);
  });

  it("says its messages through the host's notify, by default on standard error prefixed webstats:", () => {
    const said: string[] = [];
    new Custody((message) => said.push(message)).notify("kept");
    expect(said).toEqual(["kept"]);
    const write = vi.spyOn(process.stderr, "write").mockImplementation(() => true);
    new Custody().notify("kept");
    notifyEngine("also");
    expect(write.mock.calls.map(([text]) => text)).toEqual(["webstats: kept\n", "webstats: also\n"]);
  });
});

describe("places", () => {
  it("is the client's root URL", () => {
    expect(placeOf({ baseUrl: "https://stats.example.com/" } as WebstatsClient)).toBe(
      "https://stats.example.com/",
    );
  });

  it("has moved when the address differs from the recorded one, or none was recorded", () => {
    expect(moved({ recorded: "https://a.example/", current: "https://a.example/" })).toBe(false);
    expect(moved({ recorded: "https://a.example/", current: "https://b.example/" })).toBe(true);
    expect(moved({ recorded: undefined, current: "https://a.example/" })).toBe(true);
  });
});

describe("misplaced", () => {
  const place = { recorded: "https://a.example/", current: "https://b.example/" };

  it("is nothing when the address holds the recorded domain under the id, or the domain is not recorded", () => {
    expect(misplaced(7, "site.example.com", website(7, "site.example.com"), place)).toBeUndefined();
    expect(misplaced(7, undefined, website(7, "other.example.com"), place)).toBeUndefined();
  });

  it("names the other domain the address holds under the id", () => {
    expect(misplaced(7, "site.example.com", website(7, "other.example.com"), place)).toBe(
      "website 7 (site.example.com) was recorded at https://a.example/, but https://b.example/ is " +
        "another installation: website 7 there is other.example.com. Nothing was changed or deleted on either.",
    );
  });

  it("says when the address has no website under the id, and when no address or domain was recorded", () => {
    expect(misplaced(7, undefined, undefined, { recorded: undefined, current: "https://b.example/" })).toBe(
      "website 7 (unknown domain) was recorded at an address this version did not record, but " +
        "https://b.example/ is another installation: it has no website 7. Nothing was changed or deleted on either.",
    );
  });
});

describe("lookUp", () => {
  const details = (status: number) => ({
    status,
    method: "GET",
    path: "/api/v1/websites/3",
    body: {},
    detail: "no",
  });
  const clientGetting = (get: () => Promise<ApiWebsite>) =>
    ({ websites: { get } }) as unknown as WebstatsClient;

  it("is the website under the id, or nothing when the installation has none", async () => {
    expect(
      await lookUp(
        clientGetting(() => Promise.resolve(website(3, "x.example.com"))),
        3,
      ),
    ).toEqual(website(3, "x.example.com"));
    expect(
      await lookUp(
        clientGetting(() => Promise.reject(new NotFoundError(details(404)))),
        3,
      ),
    ).toBeUndefined();
  });

  it("passes on any other failure", async () => {
    const failure = new PermissionDeniedError(details(403));
    await expect(
      lookUp(
        clientGetting(() => Promise.reject(failure)),
        3,
      ),
    ).rejects.toBe(failure);
  });
});

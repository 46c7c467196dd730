// Pageviews as a page's tracking script sends them (POST /api/event), for tests that need hits on
// a website: the installation answers 200 with the outcome as the body ("200" counted, "403"
// refused by one of the website's settings).
import { expect } from "vitest";

/** A desktop browser the installation counts. */
export const FIREFOX = "Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0";

export interface Pageview {
  /** The page's address, e.g. https://example.com/docs. */
  page: string;
  /** The page the visitor came from (default none). */
  referrer?: string;
  /** Default FIREFOX. */
  userAgent?: string;
  /** The page's origin header, as a browser sends it cross-origin (default none). */
  origin?: string;
  /** e.g. 1920x1080 (default none). */
  screenResolution?: string;
}

/** Sends one pageview to the installation at `url`; resolves with the outcome. */
export async function sendPageview(url: string, view: Pageview): Promise<string> {
  const response = await fetch(`${url}/api/event`, {
    method: "POST",
    headers: {
      "content-type": "application/json; charset=utf-8",
      "user-agent": view.userAgent ?? FIREFOX,
      ...(view.origin ? { origin: view.origin } : {}),
    },
    body: JSON.stringify({
      page: view.page,
      referrer: view.referrer ?? "",
      ...(view.screenResolution ? { screen_resolution: view.screenResolution } : {}),
    }),
  });
  expect(response.status).toBe(200);
  return await response.text();
}

/** Pageviews of `domain`, each a [path, referrer], every one of them counted. */
export async function sendCountedPageviews(
  url: string,
  domain: string,
  views: [string, string][],
): Promise<void> {
  for (const [path, referrer] of views) {
    expect(await sendPageview(url, { page: `https://${domain}${path}`, referrer })).toBe("200");
  }
}

/** The UTC date `offset` days from today (YYYY-MM-DD), as statistics' ranges take it. */
export const utcDay = (offset: number): string =>
  new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

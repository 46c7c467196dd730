// The tracking code: the one `<script>` element an installation's web interface gives for every
// website, which a page must carry to be counted. It is the same for every website of an
// installation and is made of the installation's address (`data-host`, where the script posts
// `/api/event`), its Do Not Track setting (`data-dnt`), the script's address (`src`: the
// installation's `js/script.js`, or a CDN address set on the server) and the fixed id the script
// finds itself by. The API tells none of the server's settings, so the Do Not Track setting and a
// CDN address come from the provider's settings, with the server's defaults (off, no CDN).
import type { ResultOf } from "./result-types";
import type { ProviderSettings } from "./settings";

/** The id the installation's script looks its own element up by; a page with another id counts nothing. */
export const TRACKING_SCRIPT_ID = "ZwSg9rf6GA";

/** Where an installation serves its tracking script, under its root. */
export const TRACKING_SCRIPT_PATH = "/js/script.js";

/** The tracking code of an installation, whole and in parts. */
export type TrackingCode = ResultOf<"TrackingCode">;

/** The script's address for an installation root when no CDN address is set. */
const defaultScriptUrl = (root: string): string => `${root}${TRACKING_SCRIPT_PATH}`;

/**
 * The tracking code of the installation at `root` (its root URL as the settings hold it, without
 * a trailing `/`), written as the server's view writes it: the attributes in its order, its
 * spelling of the flag, `async defer`.
 */
export function trackingCodeOf(root: string, settings: ProviderSettings): TrackingCode {
  const doNotTrack = settings.trackingDoNotTrack?.value ?? false;
  const scriptUrl = settings.trackingScriptUrl?.value ?? defaultScriptUrl(root);
  const trackingCode =
    `<script data-host="${root}" data-dnt="${doNotTrack ? "true" : "false"}" src="${scriptUrl}" ` +
    `id="${TRACKING_SCRIPT_ID}" async defer></script>`;
  return { trackingCode, host: root, scriptUrl, doNotTrack };
}

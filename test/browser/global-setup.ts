// The browser project needs Debian's Chromium: installed from the system's packages when it is
// missing (tools/machine/ensure-chromium.mjs), before any test starts.
import { ensureChromium } from "../../tools/machine/ensure-chromium.mjs";

export default function setup(): void {
  ensureChromium();
}

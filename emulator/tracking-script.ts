// GET /js/script.js: the tracking script an installation serves to the pages that carry its
// tracking code. Written for the emulator from what the real script does: it finds its own
// `<script>` element by the fixed id, stays silent when the element says `data-dnt="true"` and the
// browser sends Do Not Track, and posts `{page, referrer, screen_resolution}` (and `event` when a
// page calls `pa.track(event)`) as JSON to `data-host` + `/api/event`: once when the page loads,
// again on each `history.pushState` (the page before as the referrer) and on back and forward.
import type { FastifyInstance } from "fastify";

export const TRACKING_SCRIPT_PATH = "/js/script.js";

/** The id the tracking code's element carries, which the script looks itself up by. */
const ELEMENT_ID = "ZwSg9rf6GA";

export const trackingScript = `(function (win) {
  "use strict";
  var doc = win.document;
  var here = function () { return win.location.href.replace(/#.*$/, ""); };
  function send(event, referrer) {
    var element = doc.getElementById(${JSON.stringify(ELEMENT_ID)});
    if (!element) return false;
    if (element.getAttribute("data-dnt") === "true" && win.navigator.doNotTrack) return false;
    var hit = {
      page: here(),
      referrer: referrer || doc.referrer,
      screen_resolution: win.screen.width + "x" + win.screen.height
    };
    if (event) hit.event = event;
    var request = new XMLHttpRequest();
    request.open("POST", element.getAttribute("data-host") + "/api/event", true);
    request.setRequestHeader("Content-Type", "application/json; charset=utf-8");
    request.send(JSON.stringify(hit));
    return true;
  }
  try {
    var push = win.history.pushState;
    win.history.pushState = function () {
      var before = here();
      push.apply(win.history, arguments);
      send(null, before);
    };
    win.addEventListener("popstate", function () { send(null); });
    win.pa = { track: send };
    send(null);
  } catch (error) {
    if (win.console) win.console.log(error && error.message);
  }
})(window);
`;

export function registerTrackingScript(app: FastifyInstance): void {
  app.get(TRACKING_SCRIPT_PATH, async (_request, reply) =>
    reply.type("application/javascript; charset=utf-8").send(trackingScript),
  );
}

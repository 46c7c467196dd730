import * as webstats from "@pulumi-webstats/webstats";

// The installation's tracking code, put into the home page of a static site the program
// publishes: each page that carries it counts its visits.
const tracking = webstats.getTrackingCodeOutput({});

export const scriptUrl = tracking.scriptUrl;
export const homePage = tracking.trackingCode.apply(
  (snippet) =>
    `<!doctype html>\n<html>\n<head>\n<title>Blog</title>\n${snippet}\n</head>\n<body></body>\n</html>\n`,
);

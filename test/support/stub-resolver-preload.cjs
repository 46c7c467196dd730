// The stub resolver of test/support/stub-resolver.ts for the processes a test starts (the
// provider hosts): loaded with `node --require`, it makes node:dns's lookup, which Node's sockets
// call for every name, answer localhost with the loopback and every other name with ENOTFOUND at
// once (its promise form too), never asking the machine's resolver. WEBSTATS_TEST_RESOLVE (JSON, name → address), read
// by this file alone, adds names.
"use strict";
const dns = require("node:dns");
const { isIP } = require("node:net");
const { syncBuiltinESMExports } = require("node:module");

const table = new Map(
  Object.entries({ localhost: "127.0.0.1", ...JSON.parse(process.env.WEBSTATS_TEST_RESOLVE || "{}") }).map(
    ([name, address]) => [name.toLowerCase(), address],
  ),
);

dns.lookup = function lookup(hostname, options, callback) {
  const done = typeof options === "function" ? options : callback;
  const all = typeof options === "object" && options !== null && options.all === true;
  const address = isIP(hostname) !== 0 ? hostname : table.get(String(hostname).toLowerCase());
  process.nextTick(() => {
    if (address === undefined) {
      const error = Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), {
        code: "ENOTFOUND",
        errno: -3008,
        syscall: "getaddrinfo",
        hostname,
      });
      done(error);
    } else if (all) done(null, [{ address, family: isIP(address) }]);
    else done(null, address, isIP(address));
  });
};
// The promise form (node:dns/promises is the same object) answers the same.
dns.promises.lookup = (hostname, options) =>
  new Promise((resolve, reject) =>
    dns.lookup(hostname, options ?? {}, (error, address, family) =>
      error ? reject(error) : resolve(Array.isArray(address) ? address : { address, family }),
    ),
  );
syncBuiltinESMExports();

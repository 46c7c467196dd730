// The tests' stub resolver (test/support/stub-resolver.ts and its preload for the processes tests
// start): every way a name is resolved here (a socket, undici, fetch, node:dns's lookup and its
// promise form) answers from the table, and every other name is not found at once, the machine's
// resolver never asked. The tests that rely on a name not resolving rely on this.
import { execFile } from "node:child_process";
import dns from "node:dns";
import { lookup as importedLookup } from "node:dns";
import { connect } from "node:net";
import { join } from "node:path";
import { promisify } from "node:util";
import { request } from "undici";
import { describe, expect, it } from "vitest";
import { useStubResolver } from "../../support/stub-resolver";

const resolver = useStubResolver({ "known.stub.test": "127.0.0.9" });

/** The code of the error `attempt` fails with. */
const codeOf = (attempt: Promise<unknown>) =>
  attempt.then(
    () => "no error",
    (error: { code?: string; cause?: { code?: string } }) => error.cause?.code ?? error.code,
  );

describe("the stub resolver", () => {
  it("answers the table's names, and every other name is not found, however it is asked", async () => {
    const from = resolver.asked.length;
    const socket = new Promise((resolve, reject) =>
      connect({ host: "socket.stub.test", port: 80 }).once("error", reject).once("connect", resolve),
    );
    expect(await codeOf(socket)).toBe("ENOTFOUND");
    expect(await codeOf(request("http://undici.stub.test/"))).toBe("ENOTFOUND");
    expect(await codeOf(fetch("http://fetch.stub.test/"))).toBe("ENOTFOUND");
    expect(await dns.promises.lookup("known.stub.test")).toEqual({ address: "127.0.0.9", family: 4 });
    expect(await dns.promises.lookup("LocalHost")).toEqual({ address: "127.0.0.1", family: 4 });
    const imported = await new Promise((resolve) =>
      importedLookup("known.stub.test", { all: true }, (_error, addresses) => resolve(addresses)),
    );
    expect(imported).toEqual([{ address: "127.0.0.9", family: 4 }]);
    expect(resolver.asked.slice(from)).toEqual([
      "socket.stub.test",
      "undici.stub.test",
      "fetch.stub.test",
      "known.stub.test",
      "LocalHost",
      "known.stub.test",
    ]);
  });

  it("answers the same in a process started with its preload", async () => {
    const script = `
      const dns = require("node:dns");
      Promise.all([
        fetch("http://stats.webstats.test/").catch((e) => e.cause.code),
        dns.promises.lookup("localhost").then((a) => a.address),
        dns.promises.lookup("extra.stub.test").then((a) => a.address),
      ]).then((answers) => console.log(JSON.stringify(answers)));`;
    const preload = join(__dirname, "..", "..", "support", "stub-resolver-preload.cjs");
    const { stdout } = await promisify(execFile)(process.execPath, ["--require", preload, "-e", script], {
      env: {
        PATH: process.env.PATH,
        WEBSTATS_TEST_RESOLVE: JSON.stringify({ "extra.stub.test": "127.0.0.7" }),
      },
    });
    expect(JSON.parse(stdout)).toEqual(["ENOTFOUND", "127.0.0.1", "127.0.0.7"]);
  });
});

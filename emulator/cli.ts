#!/usr/bin/env node
// `webstats-emulator`: runs the emulator in the foreground and prints what a client needs to
// reach it, in a form that can be pasted into a shell or an .env file.

// First, so that a missing optional peer dependency is reported before the server loads it.
import "./cli-preflight";
import { readFileSync } from "node:fs";
import { createSecureContext } from "node:tls";
import { parseCliArguments, USAGE } from "./cli-options";
import { startEmulator } from "./server";

async function main(): Promise<void> {
  let command;
  try {
    command = parseCliArguments(process.argv.slice(2));
    // Files that cannot be read or used are mistakes in the command line, answered as bad numbers are.
    if (command.kind === "start" && command.tlsFiles) {
      command.options.tls = {
        cert: readFlagFile("--tls-cert", command.tlsFiles.cert),
        key: readFlagFile("--tls-key", command.tlsFiles.key),
      };
      checkKeyPair(command.options.tls);
    }
  } catch (error) {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n\n${USAGE}`);
    process.exitCode = 2;
    return;
  }
  if (command.kind === "help") {
    process.stdout.write(USAGE);
    return;
  }

  const emulator = await startEmulator(command.options);
  // With a data file the same key keeps working across restarts.
  const account = emulator.listAccounts()[0] ?? emulator.createAccount();
  process.stdout.write(
    [
      `webstats emulator listening on ${emulator.url}`,
      `WEBSTATS_BASE_URL=${emulator.url}`,
      `WEBSTATS_API_KEY=${account.apiKey}`,
      `admin token: ${emulator.adminToken}`,
      "",
    ].join("\n"),
  );

  let stopping = false;
  const stop = (): void => {
    if (stopping) return;
    stopping = true;
    emulator.close().then(
      () => process.exit(0),
      (error: unknown) => {
        process.stderr.write(`webstats emulator: ${String(error)}\n`);
        process.exit(1);
      },
    );
  };
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
}

function readFlagFile(flag: string, path: string): string {
  try {
    return readFileSync(path, "utf8");
  } catch (error) {
    throw new Error(
      `${flag}: cannot read ${path}: ${(error as NodeJS.ErrnoException).code ?? String(error)}`,
    );
  }
}

/** Names the flags when the files are no PEM or do not belong together; OpenSSL's message alone does not. */
function checkKeyPair(tls: { cert: string; key: string }): void {
  try {
    createSecureContext(tls);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(`--tls-cert and --tls-key: not a PEM certificate and its key (${reason})`);
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`webstats emulator: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});

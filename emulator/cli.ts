#!/usr/bin/env node
// `webstats-emulator`: runs the emulator in the foreground and prints what a client needs to
// reach it, in a form that can be pasted into a shell or an .env file.

// First, so that a missing optional peer dependency is reported before the server loads it.
import "./cli-preflight";
import { parseCliArguments, USAGE } from "./cli-options";
import { startEmulator } from "./server";

async function main(): Promise<void> {
  let command;
  try {
    command = parseCliArguments(process.argv.slice(2));
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

main().catch((error: unknown) => {
  process.stderr.write(`webstats emulator: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});

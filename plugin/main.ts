#!/usr/bin/env node
// `pulumi-resource-webstats`: the webstats provider plugin. The engine starts it with its own
// gRPC address as an argument and reads the port it prints; the plugin serves until the engine
// is gone (see core/engine-watch.ts).
import { engineAddressFrom, watchEngine } from "../core/engine-watch";
import { EngineLog } from "./engine-log";
import { serve, WebstatsProviderService } from "./server";

async function main(): Promise<void> {
  const engine = engineAddressFrom(process.argv.slice(2));
  const { port } = await serve(new WebstatsProviderService(undefined, new EngineLog(engine)));
  // The engine reads the first line of standard output as the port to connect to.
  process.stdout.write(`${port}\n`);
  if (engine) watchEngine(engine);
}

main().catch((error: unknown) => {
  process.stderr.write(
    `pulumi-resource-webstats: ${error instanceof Error ? error.message : String(error)}\n`,
  );
  process.exit(1);
});

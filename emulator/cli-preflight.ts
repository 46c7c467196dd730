// Imported first by the `webstats-emulator` bin: when fastify is missing it prints what to
// install and exits, before any module that loads fastify runs (no stack trace for a user).
import { missingFastifyMessage } from "./fastify-dependency";

const missing = missingFastifyMessage();
if (missing) {
  process.stderr.write(`webstats-emulator: ${missing}\n`);
  process.exit(1);
}

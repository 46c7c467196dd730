// Imported first by the emulator's entry point: fails with what to install when fastify is
// missing, before any module that loads fastify runs.
import { missingFastifyMessage } from "./fastify-dependency";

const missing = missingFastifyMessage();
if (missing) throw new Error(missing);

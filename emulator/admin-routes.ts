// The /_emulator control routes: the same controls as the programmatic API, for tests and tools
// in other processes. They are neither throttled nor counted.
import type { FastifyInstance, FastifyReply } from "fastify";
import { z } from "zod";
import { createAccountSchema, throttleSchema, websitePatchSchema } from "./admin-schemas";
import { faultSpecSchema } from "./faults";
import { matchesDigest, secretDigest } from "./secret-digest";
import type { Emulator } from "./types";

export const ADMIN_PREFIX = "/_emulator";

export type AdminControls = Pick<
  Emulator,
  | "createAccount"
  | "listAccounts"
  | "updateWebsite"
  | "deleteWebsite"
  | "getWebsite"
  | "listWebsites"
  | "injectFault"
  | "clearFaults"
  | "setRequestsPerMinute"
  | "requestCounts"
  | "resetRequestCounts"
>;

const idParams = z.object({ id: z.coerce.number().int().positive() });
const listQuery = z.object({ account: z.coerce.number().int().positive().optional() });

export function registerAdminRoutes(app: FastifyInstance, adminToken: string, controls: AdminControls): void {
  const tokenDigest = secretDigest(adminToken);
  void app.register(
    (admin, _options, done) => {
      admin.addHook("onRequest", async (request, reply) => {
        if (!isAdminToken(request.headers.authorization, tokenDigest)) {
          await reply.code(401).send({ message: "Missing or wrong admin token." });
        }
      });
      admin.setErrorHandler((error, _request, reply) => sendError(reply, error));

      admin.post("/accounts", (request, reply) => {
        const options = createAccountSchema.parse(request.body ?? {});
        void reply.code(201).send(controls.createAccount(options));
      });
      admin.get("/accounts", (_request, reply) => {
        void reply.send(controls.listAccounts());
      });
      admin.get("/websites", (request, reply) => {
        const { account } = listQuery.parse(request.query);
        void reply.send(controls.listWebsites(account));
      });
      admin.patch("/websites/:id", (request, reply) => {
        const { id } = idParams.parse(request.params);
        if (!controls.getWebsite(id)) {
          void reply.code(404).send({ message: `No website ${id}.` });
          return;
        }
        controls.updateWebsite(id, websitePatchSchema.parse(request.body ?? {}));
        void reply.send(controls.getWebsite(id));
      });
      admin.delete("/websites/:id", (request, reply) => {
        const { id } = idParams.parse(request.params);
        if (!controls.deleteWebsite(id)) {
          void reply.code(404).send({ message: `No website ${id}.` });
          return;
        }
        void reply.send({ id, deleted: true });
      });
      admin.post("/faults", (request, reply) => {
        const id = controls.injectFault(faultSpecSchema.parse(request.body));
        void reply.code(201).send({ id });
      });
      admin.delete("/faults", (_request, reply) => {
        controls.clearFaults();
        void reply.code(204).send();
      });
      admin.put("/throttle", (request, reply) => {
        const { requestsPerMinute } = throttleSchema.parse(request.body);
        controls.setRequestsPerMinute(requestsPerMinute);
        void reply.send({ requestsPerMinute });
      });
      admin.get("/counters", (_request, reply) => {
        void reply.send(controls.requestCounts());
      });
      admin.delete("/counters", (_request, reply) => {
        controls.resetRequestCounts();
        void reply.code(204).send();
      });
      done();
    },
    { prefix: ADMIN_PREFIX },
  );
}

/** Compared by digest: a guess of the wrong length takes as long as one of the right length. */
function isAdminToken(authorization: string | undefined, tokenDigest: Buffer): boolean {
  if (!authorization?.startsWith("Bearer ")) return false;
  return matchesDigest(authorization.slice("Bearer ".length), tokenDigest);
}

function sendError(reply: FastifyReply, error: unknown): FastifyReply {
  if (error instanceof z.ZodError) {
    return reply.code(400).send({ message: "Invalid request.", issues: error.issues });
  }
  const message = error instanceof Error ? error.message : String(error);
  const status = (error as { statusCode?: number }).statusCode ?? 500;
  return reply.code(status).send({ message });
}

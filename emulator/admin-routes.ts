// The /_emulator control routes: the same controls as the programmatic API, for tests and tools
// in other processes. They are neither throttled nor counted.
import { timingSafeEqual } from "node:crypto";
import type { FastifyInstance, FastifyReply } from "fastify";
import { z } from "zod";
import { createAccountSchema, throttleSchema, websitePatchSchema } from "./admin-schemas";
import { faultSpecSchema } from "./faults";
import type { Emulator } from "./types";

export const ADMIN_PREFIX = "/_emulator";

export type AdminControls = Pick<
  Emulator,
  | "createAccount"
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
  void app.register(
    (admin, _options, done) => {
      admin.addHook("onRequest", async (request, reply) => {
        if (!isAdminToken(request.headers.authorization, adminToken)) {
          await reply.code(401).send({ message: "Missing or wrong admin token." });
        }
      });
      admin.setErrorHandler((error, _request, reply) => sendError(reply, error));

      admin.post("/accounts", async (request, reply) => {
        const options = createAccountSchema.parse(request.body ?? {});
        return reply.code(201).send(controls.createAccount(options));
      });
      admin.get("/websites", async (request) => {
        const { account } = listQuery.parse(request.query);
        return controls.listWebsites(account);
      });
      admin.patch("/websites/:id", async (request, reply) => {
        const { id } = idParams.parse(request.params);
        if (!controls.getWebsite(id)) return reply.code(404).send({ message: `No website ${id}.` });
        controls.updateWebsite(id, websitePatchSchema.parse(request.body ?? {}));
        return controls.getWebsite(id);
      });
      admin.delete("/websites/:id", async (request, reply) => {
        const { id } = idParams.parse(request.params);
        if (!controls.deleteWebsite(id)) return reply.code(404).send({ message: `No website ${id}.` });
        return { id, deleted: true };
      });
      admin.post("/faults", async (request, reply) => {
        const id = controls.injectFault(faultSpecSchema.parse(request.body));
        return reply.code(201).send({ id });
      });
      admin.delete("/faults", async (_request, reply) => {
        controls.clearFaults();
        return reply.code(204).send();
      });
      admin.put("/throttle", async (request) => {
        const { requestsPerMinute } = throttleSchema.parse(request.body);
        controls.setRequestsPerMinute(requestsPerMinute);
        return { requestsPerMinute };
      });
      admin.get("/counters", async () => controls.requestCounts());
      admin.delete("/counters", async (_request, reply) => {
        controls.resetRequestCounts();
        return reply.code(204).send();
      });
      done();
    },
    { prefix: ADMIN_PREFIX },
  );
}

function isAdminToken(authorization: string | undefined, adminToken: string): boolean {
  if (!authorization?.startsWith("Bearer ")) return false;
  const given = Buffer.from(authorization.slice("Bearer ".length));
  const expected = Buffer.from(adminToken);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

function sendError(reply: FastifyReply, error: unknown): FastifyReply {
  if (error instanceof z.ZodError) {
    return reply.code(400).send({ message: "Invalid request.", issues: error.issues });
  }
  const message = error instanceof Error ? error.message : String(error);
  const status = (error as { statusCode?: number }).statusCode ?? 500;
  return reply.code(status).send({ message });
}

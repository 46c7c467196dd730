import type { FastifyInstance } from "fastify";

/**
 * Where unauthenticated browsers are redirected. A client that follows redirects ends up here
 * with a 200 HTML page, which is exactly the confusion the redirect causes on the real server.
 */
export function registerLoginPage(app: FastifyInstance): void {
  app.get("/login", async (_request, reply) => {
    return reply
      .type("text/html; charset=UTF-8")
      .send(
        '<!DOCTYPE html><html><head><title>Login</title></head><body><form method="post"></form></body></html>',
      );
  });
}

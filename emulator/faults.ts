// Injected faults: what a flaky network or proxy does to requests, chosen per route.
import { z } from "zod";
import type { FaultSpec } from "./types";

export const faultSpecSchema = z.strictObject({
  route: z.string().min(1).optional(),
  kind: z.enum(["latency", "status", "reset", "truncate", "rate-limit", "html", "login-redirect"]),
  status: z.union([z.literal(500), z.literal(502), z.literal(503), z.literal(504)]).optional(),
  latencyMs: z.number().min(0).optional(),
  retryAfterSeconds: z.number().int().min(0).nullable().optional(),
  phase: z.enum(["before", "after"]).optional(),
  count: z.number().int().min(1).optional(),
  rate: z.number().min(0).max(1).optional(),
});

/** A fault description that cannot be understood; the admin routes answer it with 400. */
export class FaultSpecError extends Error {
  readonly statusCode = 400;
}

export interface ActiveFault {
  id: string;
  kind: FaultSpec["kind"];
  phase: "before" | "after";
  status: number;
  latencyMs: number;
  /** null: the 429 carries no Retry-After (a proxy's throttle, not the application's). */
  retryAfterSeconds: number | null;
  method: string;
  /** A route template such as /api/v1/websites/:id, a concrete path, or "*". */
  path: string;
  remaining: number;
  rate: number;
}

/** The faults that hit one request: at most one delay and one disruption. */
export interface FaultSelection {
  latency?: ActiveFault;
  disruption?: ActiveFault;
}

export class FaultRegistry {
  private faults: ActiveFault[] = [];
  private nextId = 1;

  constructor(private readonly random: () => number = Math.random) {}

  /** Throws on a malformed spec, so mistakes in a test show at once. */
  add(spec: FaultSpec): string {
    const parsed = faultSpecSchema.parse(spec);
    const { method, path } = parseRoute(parsed.route ?? "*");
    const id = `fault-${this.nextId}`;
    this.nextId += 1;
    this.faults.push({
      id,
      kind: parsed.kind,
      phase: parsed.phase ?? "before",
      status: parsed.status ?? 502,
      latencyMs: parsed.latencyMs ?? 1000,
      retryAfterSeconds: parsed.retryAfterSeconds === undefined ? 60 : parsed.retryAfterSeconds,
      method,
      path,
      remaining: parsed.count ?? Number.POSITIVE_INFINITY,
      rate: parsed.rate ?? 1,
    });
    return id;
  }

  clear(): void {
    this.faults = [];
  }

  get size(): number {
    return this.faults.length;
  }

  /** Picks the faults for a request and uses up their counts. */
  select(method: string, template: string, path: string): FaultSelection {
    const selection: FaultSelection = {};
    for (const fault of this.faults) {
      const slot = fault.kind === "latency" ? "latency" : "disruption";
      if (selection[slot] || !matches(fault, method, template, path)) continue;
      if (fault.rate < 1 && this.random() >= fault.rate) continue;
      selection[slot] = fault;
      fault.remaining -= 1;
    }
    if (selection.latency?.remaining === 0 || selection.disruption?.remaining === 0) {
      this.faults = this.faults.filter((fault) => fault.remaining > 0);
    }
    return selection;
  }
}

function parseRoute(route: string): { method: string; path: string } {
  const parts = route.trim().split(/\s+/);
  if (parts.length === 1) {
    const only = parts[0] ?? "*";
    return only.startsWith("/") ? { method: "*", path: only } : { method: only.toUpperCase(), path: "*" };
  }
  if (parts.length === 2 && parts[1] !== undefined && (parts[1] === "*" || parts[1].startsWith("/"))) {
    return { method: (parts[0] ?? "*").toUpperCase(), path: parts[1] };
  }
  throw new FaultSpecError(`fault route must look like "GET /api/v1/websites/:id" or "*", got "${route}"`);
}

function matches(fault: ActiveFault, method: string, template: string, path: string): boolean {
  if (fault.method !== "*" && fault.method !== method) return false;
  return fault.path === "*" || fault.path === template || fault.path === path;
}

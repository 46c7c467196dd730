// One keep-alive pool per origin for the whole process. Many clients are created over an operation
// (one per resource call, possibly), and reusing connections saves a TCP and TLS handshake per
// request. undici unreferences idle sockets, so the pools do not keep the process alive.
import { Pool, type Dispatcher } from "undici";

const poolsByOrigin = new Map<string, Pool>();

export function sharedPoolFor(origin: string): Dispatcher {
  let pool = poolsByOrigin.get(origin);
  if (!pool) {
    pool = new Pool(origin);
    poolsByOrigin.set(origin, pool);
  }
  return pool;
}

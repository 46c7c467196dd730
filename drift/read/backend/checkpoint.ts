// A stack's state as the backend stores it, turned into what `pulumi stack export` prints: the
// stored object is a versioned checkpoint (`{version, checkpoint: {stack, config, latest}}`),
// plain or compressed; the export is `{version, deployment: latest}`. The compression is read
// from the bytes themselves, as the CLI does (encoding.DetectCompression), not from the name,
// since PULUMI_DIY_BACKEND_GZIP and _ZSTD change only how the next write is stored.
import { promisify } from "node:util";
import * as zlib from "node:zlib";
import { notJsonReason } from "../../../core/json-text";
import { BackendError } from "./state-store";

const gunzip = promisify(zlib.gunzip);

const isGzip = (bytes: Buffer): boolean => bytes.length >= 2 && bytes[0] === 0x1f && bytes[1] === 0x8b;
const isZstd = (bytes: Buffer): boolean =>
  bytes.length >= 4 && bytes[0] === 0x28 && bytes[1] === 0xb5 && bytes[2] === 0x2f && bytes[3] === 0xfd;

/** zstd, which node:zlib has from Node.js 22.15 and 23.8 on. */
function zstdDecompress(bytes: Buffer, where: string): Promise<Buffer> {
  const decompress = (zlib as { zstdDecompress?: typeof zlib.gunzip }).zstdDecompress;
  if (!decompress) {
    throw new BackendError(
      `${where} is stored with zstd, which this Node.js (${process.version}) cannot read: ` +
        "run drift on Node.js 22.15 or later, or read it with pulumi (--read-with pulumi).",
    );
  }
  return promisify(decompress)(bytes);
}

/** The stored bytes, decompressed. */
async function plainBytes(bytes: Buffer, where: string): Promise<Buffer> {
  try {
    if (isGzip(bytes)) return await gunzip(bytes);
    if (isZstd(bytes)) return await zstdDecompress(bytes, where);
  } catch (error) {
    if (error instanceof BackendError) throw error;
    throw new BackendError(
      `${where} is damaged (${isGzip(bytes) ? "gzip" : "zstd"}: ${(error as NodeJS.ErrnoException).code ?? "unreadable"}): ` +
        "restore it from the backend's .pulumi/backups or history, or export it again with pulumi.",
    );
  }
  return bytes;
}

/** What `pulumi stack export` would print for the state: its version and its latest deployment. */
interface ExportedState {
  version: unknown;
  /** The deployment, or an empty one for a stack no update has written yet. */
  deployment: Record<string, unknown>;
}

/** The export of a stored checkpoint; `where` names the stack in messages. */
export async function exportOfCheckpoint(bytes: Buffer, where: string): Promise<ExportedState> {
  const text = (await plainBytes(bytes, where)).toString("utf8");
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new BackendError(
      `${where} is not JSON (${notJsonReason(text)}): the state is damaged or cut short; ` +
        "restore it from the backend's .pulumi/backups or history.",
    );
  }
  const checkpoint = (json as { checkpoint?: unknown } | null)?.checkpoint;
  if (typeof json !== "object" || json === null || typeof checkpoint !== "object" || checkpoint === null) {
    throw new BackendError(`${where} is not a Pulumi checkpoint (no checkpoint): the state is damaged.`);
  }
  const latest = (checkpoint as { latest?: unknown }).latest;
  // A stack that `pulumi stack init` made and no update has written exports an empty deployment.
  const deployment = typeof latest === "object" && latest !== null ? (latest as Record<string, unknown>) : {};
  return { version: (json as { version?: unknown }).version, deployment };
}

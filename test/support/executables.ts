// Reading the plugin's executables for platforms this machine cannot run: which format and
// processor a file is built for, and whether a Mach-O file's code signature matches its contents,
// page by page, as the macOS kernel checks each page it loads (an arm64 Mac refuses to run code
// whose page does not match, and any code without a signature). Written from the formats'
// published layouts, independently of the tool that signs, so that a signer's mistake shows here.
import { createHash } from "node:crypto";

export interface ExecutableFormat {
  format: "elf" | "macho" | "pe";
  /** Go's name of the processor: amd64 or arm64 (or "other"). */
  arch: string;
}

/** The format and processor of an executable, from its headers; throws for anything else. */
export function executableFormat(file: Buffer): ExecutableFormat {
  if (file.readUInt32BE(0) === 0x7f454c46) {
    const machine = file.readUInt16LE(18);
    return { format: "elf", arch: machine === 0x3e ? "amd64" : machine === 0xb7 ? "arm64" : "other" };
  }
  if (file.readUInt32LE(0) === 0xfeedfacf) {
    const cpu = file.readUInt32LE(4);
    return { format: "macho", arch: cpu === 0x01000007 ? "amd64" : cpu === 0x0100000c ? "arm64" : "other" };
  }
  if (file.toString("latin1", 0, 2) === "MZ") {
    const pe = file.readUInt32LE(0x3c);
    if (file.toString("latin1", pe, pe + 4) !== "PE\0\0") throw new Error("MZ header without a PE header");
    const machine = file.readUInt16LE(pe + 4);
    return { format: "pe", arch: machine === 0x8664 ? "amd64" : machine === 0xaa64 ? "arm64" : "other" };
  }
  throw new Error(`not an executable this test knows: ${file.subarray(0, 4).toString("hex")}`);
}

interface Segment {
  name: string;
  fileOffset: number;
  fileSize: number;
}

/** The segments and the code signature's place of a 64-bit Mach-O file. */
function machoLoadCommands(file: Buffer): {
  segments: Segment[];
  signature?: { offset: number; size: number };
} {
  const count = file.readUInt32LE(16);
  const segments: Segment[] = [];
  let signature: { offset: number; size: number } | undefined;
  let at = 32;
  for (let i = 0; i < count; i++) {
    const command = file.readUInt32LE(at);
    const size = file.readUInt32LE(at + 4);
    if (command === 0x19) {
      // LC_SEGMENT_64
      segments.push({
        name: file.toString("latin1", at + 8, at + 24).replace(/\0+$/, ""),
        fileOffset: Number(file.readBigUInt64LE(at + 40)),
        fileSize: Number(file.readBigUInt64LE(at + 48)),
      });
    } else if (command === 0x1d) {
      // LC_CODE_SIGNATURE
      signature = { offset: file.readUInt32LE(at + 8), size: file.readUInt32LE(at + 12) };
    }
    at += size;
  }
  return { segments, signature };
}

export interface MachoSignature {
  /** The code's identifier. */
  identifier: string;
  /** Signed ad hoc: no certificate, no identity. */
  adhoc: boolean;
  /** The hardened runtime, under which V8 would need entitlements to compile code. */
  hardenedRuntime: boolean;
  /** The hash of the pages: sha256 (or sha1). */
  hash: string;
  /** How many pages each code directory covers. */
  pages: number;
  /** The segments, by name. */
  segments: Segment[];
}

const hashNames: Record<number, string> = { 1: "sha1", 2: "sha256" };

/**
 * Checks the code signature of a 64-bit Mach-O file and returns what it says; throws, naming the
 * first mismatch, when a page or a signed blob differs from its hash, when the signature does not
 * cover all the code up to itself, or when it does not end the file.
 */
export function verifyMachoSignature(file: Buffer): MachoSignature {
  const { segments, signature } = machoLoadCommands(file);
  if (!signature) throw new Error("no code signature (LC_CODE_SIGNATURE)");
  const linkedit = segments.find((s) => s.name === "__LINKEDIT");
  if (!linkedit || linkedit.fileOffset + linkedit.fileSize !== file.length) {
    throw new Error("__LINKEDIT does not end the file: something was appended after signing");
  }
  if (signature.offset + signature.size > file.length) throw new Error("the signature runs past the file");
  const superBlob = file.subarray(signature.offset, signature.offset + signature.size);
  if (superBlob.readUInt32BE(0) !== 0xfade0cc0)
    throw new Error("the signature is not an embedded signature blob");
  const blobs = new Map<number, Buffer>();
  for (let i = 0; i < superBlob.readUInt32BE(8); i++) {
    const type = superBlob.readUInt32BE(12 + i * 8);
    const offset = superBlob.readUInt32BE(16 + i * 8);
    blobs.set(type, superBlob.subarray(offset, offset + superBlob.readUInt32BE(offset + 4)));
  }
  // The code directory (slot 0) and any alternate ones (0x1000 and up), each with its own hash.
  const directories = [...blobs].filter(([type]) => type === 0 || (type >= 0x1000 && type < 0x1005));
  if (directories.length === 0) throw new Error("no code directory");
  let result: MachoSignature | undefined;
  for (const [, directory] of directories) {
    if (directory.readUInt32BE(0) !== 0xfade0c02) throw new Error("a code directory has the wrong magic");
    const flags = directory.readUInt32BE(12);
    const hashOffset = directory.readUInt32BE(16);
    const identOffset = directory.readUInt32BE(20);
    const specialSlots = directory.readUInt32BE(24);
    const codeSlots = directory.readUInt32BE(28);
    const codeLimit = directory.readUInt32BE(32);
    const hashSize = directory.readUInt8(36);
    const hash = hashNames[directory.readUInt8(37)];
    const pageSize = 2 ** directory.readUInt8(39);
    if (!hash) throw new Error(`unknown hash type ${directory.readUInt8(37)}`);
    if (codeLimit !== signature.offset) {
      throw new Error(
        `the signature covers ${codeLimit} bytes of code, not the ${signature.offset} before it`,
      );
    }
    if (codeSlots !== Math.ceil(codeLimit / pageSize))
      throw new Error(`${codeSlots} pages for ${codeLimit} bytes`);
    const digest = (data: Buffer) => createHash(hash).update(data).digest().subarray(0, hashSize);
    for (let page = 0; page < codeSlots; page++) {
      const start = page * pageSize;
      const expected = directory.subarray(hashOffset + page * hashSize, hashOffset + (page + 1) * hashSize);
      if (!digest(file.subarray(start, Math.min(start + pageSize, codeLimit))).equals(expected)) {
        throw new Error(`page ${page} (bytes ${start}...) does not match its hash`);
      }
    }
    // The special slots: each names a blob of the signature by its type (requirements 2,
    // entitlements 5, DER entitlements 7...) and holds its hash, or zeros when it is absent.
    for (let slot = 1; slot <= specialSlots; slot++) {
      const expected = directory.subarray(hashOffset - slot * hashSize, hashOffset - (slot - 1) * hashSize);
      const blob = blobs.get(slot);
      const actual = blob ? digest(blob) : Buffer.alloc(hashSize);
      if (!actual.equals(expected)) throw new Error(`special slot ${slot} does not match its blob`);
    }
    const end = directory.indexOf(0, identOffset);
    result = {
      identifier: directory.toString("utf8", identOffset, end),
      adhoc: (flags & 0x2) !== 0,
      hardenedRuntime: (flags & 0x10000) !== 0,
      hash,
      pages: codeSlots,
      segments,
    };
  }
  return result as MachoSignature;
}

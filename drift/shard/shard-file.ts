// Writing a shard file whole or not at all (the atomic writer every drift file goes through), and
// reading one strictly: damaged JSON, a file of another tool, another version of the format, a
// key this version does not know or a value of the wrong type are each refused naming the file
// and the place, never quoting the file's text (JSON.parse's messages quote it).
import { readFile } from "node:fs/promises";
import type { z } from "zod";
import { jsonTextProblem, placeOf } from "../../core/json-text";
import { neutralText } from "../model/neutral-text";
import { writeAtomically } from "../model/output-files";
import { SHARD_FORMAT, SHARD_FORMAT_VERSION, shardFileSchema } from "./shard-format";
import type { ShardFile } from "./shard-format";

/** A shard file the merge cannot use: the message names the file and says why. */
export class ShardFileError extends Error {
  override name = "ShardFileError";
}

/** How deep a shard file nests: a recorded website's outputs sit six levels down. */
const MAX_DEPTH = 16;
/** The problems of one file a message lists, at most. */
const MAX_PROBLEMS = 10;

export const formatShardFile = (shard: ShardFile): string => `${JSON.stringify(shard, null, 1)}\n`;

/** Writes a shard file whole or not at all, once it is one the merge can read (else a bug, said as such). */
export async function writeShardFile(path: string, shard: ShardFile): Promise<void> {
  const checked = shardFileSchema.safeParse(shard);
  if (!checked.success) {
    const issues = checked.error.issues.slice(0, MAX_PROBLEMS).map(issueText).join("; ");
    throw new Error(
      `The shard file ${path} would not be readable by drift merge (${issues}): a bug of pulumi-webstats.`,
    );
  }
  await writeAtomically(path, formatShardFile(shard));
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** An issue of the schema in words: where, and what; a key it names (any text) neutralised and cut short. */
function issueText(issue: z.core.$ZodIssue): string {
  const where =
    issue.path.length > 0 ? issue.path.map((p) => neutralText(String(p)).slice(0, 60)).join(".") : "the top";
  const message = issue.message.length > 200 ? `${issue.message.slice(0, 200)}...` : issue.message;
  return `${where}: ${neutralText(message)}`;
}

/** The shard file in `text`, read strictly; `file` names it in every message. */
export function parseShardFile(text: string, file: string): ShardFile {
  const problem = jsonTextProblem(text, MAX_DEPTH);
  if (problem) {
    throw new ShardFileError(
      problem.tooDeep
        ? `${file} nests deeper than a shard file does (${placeOf(problem)}): give the files drift --shard-file wrote.`
        : `${file} is damaged: it is not JSON (${placeOf(problem)}: ${problem.reason}). Run its shard again.`,
    );
  }
  const value: unknown = JSON.parse(text);
  if (!isObject(value) || value.format !== SHARD_FORMAT) {
    throw new ShardFileError(
      `${file} is not a shard file (its format is not ${SHARD_FORMAT}): give drift merge the files drift --shard-file wrote.`,
    );
  }
  if (value.version !== SHARD_FORMAT_VERSION) {
    const version = typeof value.version === "number" ? ` ${value.version}` : "";
    throw new ShardFileError(
      `${file} is version${version} of the shard format, and this pulumi-webstats reads version ${SHARD_FORMAT_VERSION}: ` +
        "merge with the pulumi-webstats that wrote the shards.",
    );
  }
  const parsed = shardFileSchema.safeParse(value);
  if (!parsed.success) {
    const issues = parsed.error.issues;
    const listed = issues.slice(0, MAX_PROBLEMS).map((issue) => `  ${file}: ${issueText(issue)}`);
    const more = issues.length > MAX_PROBLEMS ? [`  and ${issues.length - MAX_PROBLEMS} more`] : [];
    throw new ShardFileError(
      `${file} is not a shard file this pulumi-webstats can read (${issues.length === 1 ? "a problem" : `${issues.length} problems`}):\n` +
        [...listed, ...more].join("\n"),
    );
  }
  return parsed.data;
}

/** Reads and checks one shard file. */
export async function readShardFile(path: string): Promise<ShardFile> {
  let text: string;
  try {
    text = await readFile(path, "utf8");
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new ShardFileError(
      `${path} cannot be read (${code === "ENOENT" ? "no such file" : (code ?? (error as Error).message)}).`,
    );
  }
  return parseShardFile(text, path);
}

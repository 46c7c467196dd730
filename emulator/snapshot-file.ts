import { readFile, rename, unlink, writeFile } from "node:fs/promises";
import { z } from "zod";
import { SNAPSHOT_FORMAT, type StoreSnapshot } from "./store";

const nullableInt = z.number().int().nullable();

const snapshotSchema = z.object({
  format: z.literal(SNAPSHOT_FORMAT),
  nextAccountId: z.number().int().positive(),
  nextWebsiteId: z.number().int().positive(),
  accounts: z.array(
    z.object({
      id: z.number().int().positive(),
      apiKey: z.string().min(1),
      name: z.string(),
      email: z.string(),
      websiteLimit: z.number().int(),
      apiAccess: z.boolean(),
      // Files written before plans had a pageview limit hold none: unlimited.
      pageviewLimit: z.number().int().min(-1).default(-1),
      created_at: z.string(),
    }),
  ),
  websites: z.array(
    z.object({
      id: z.number().int().positive(),
      account_id: z.number().int().positive(),
      domain: z.string().min(1),
      privacy: nullableInt,
      email: nullableInt,
      password: z.string().nullable(),
      exclude_bots: nullableInt,
      exclude_params: z.string().nullable(),
      exclude_ips: z.string().nullable(),
      favorite: z.boolean(),
      favorited_at: z.string().nullable(),
      created_at: z.string(),
      updated_at: z.string(),
    }),
  ),
  stats: z
    .array(
      z.object({
        website_id: z.number().int().positive(),
        name: z.string().min(1),
        value: z.string(),
        date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
        count: z.number().int().positive(),
      }),
    )
    .optional(),
});

/** Reads a data file; a file that does not exist yet is not an error, a damaged one is. */
export async function readSnapshotFile(file: string): Promise<StoreSnapshot | undefined> {
  let text: string;
  try {
    text = await readFile(file, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw error;
  }
  const parsed = snapshotSchema.safeParse(JSON.parse(text));
  if (!parsed.success) {
    throw new Error(`${file} is not an emulator data file: ${parsed.error.message}`);
  }
  return parsed.data;
}

let temporaryFileCounter = 0;

/** Writes beside the target and renames over it, so a reader never sees half a file. */
export async function writeSnapshotFile(file: string, snapshot: StoreSnapshot): Promise<void> {
  temporaryFileCounter += 1;
  const temporary = `${file}.${process.pid}.${temporaryFileCounter}.tmp`;
  try {
    await writeFile(temporary, JSON.stringify(snapshot), "utf8");
    await rename(temporary, file);
  } catch (error) {
    await unlink(temporary).catch(() => undefined);
    throw error;
  }
}

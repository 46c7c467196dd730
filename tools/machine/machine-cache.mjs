// @ts-check
// Where the repository's tools keep what they build or download (outside any clone, shared by
// every clone on the machine, one folder per version), and the one way they put it there.
//
// A cache folder is built beside its final place, in a staging folder of its own, and renamed
// into place when it is finished: a rename is atomic, so a reader sees the whole folder or none,
// and a build that fails or is killed leaves only its staging folder, never a half-made cache.
// Two processes may build the same folder at once (test files run in parallel, several clones
// share the cache): both build, the first rename wins, and the loser throws its copy away and
// uses the winner's. That costs a second build in a rare race, where a lock file would cost a
// wait and, after a process killed while holding it, a rule for when a lock is stale; builds here
// take minutes and are killed often enough (a cancelled test run) that such a rule would matter.
import { mkdirSync, mkdtempSync, readdirSync, renameSync, rmSync } from "node:fs";
import { homedir } from "node:os";
import { basename, dirname, join } from "node:path";

/**
 * The cache folder of `version` of `kind`: ~/.cache/pulumi-webstats/<kind>/v<version>, or
 * <$overrideVariable>/v<version> when that environment variable is set.
 * @param {string} kind
 * @param {string} overrideVariable
 * @param {string} version
 * @returns {string}
 */
export function machineCacheDir(kind, overrideVariable, version) {
  const base =
    process.env[overrideVariable] ||
    join(process.env.XDG_CACHE_HOME || join(homedir(), ".cache"), "pulumi-webstats", kind);
  return join(base, `v${version}`);
}

/**
 * What one cached build makes and where. The folder built as a whole is the version's cache
 * folder, or its subfolder `part` where a version's folder holds several things made apart (the
 * Node.js binaries of several platforms) or things added after the build (the CLI's plugin script).
 * @typedef {object} CacheEntry
 * @property {string} kind The cache's name: its folder under ~/.cache/pulumi-webstats.
 * @property {string} version The version, or a hash of the sources, that names the cache folder.
 * @property {string} overrideVariable The environment variable that moves the cache elsewhere.
 * @property {string} [part] The subfolder of the version's folder that is built as a whole.
 * @property {(dir: string) => boolean} isComplete Whether `dir` holds a finished build; it may
 *   run what is there (a folder left by an older tool, or one a user changed, is checked too).
 */

/**
 * @typedef {object} CachedFolder
 * @property {string} dir The finished folder.
 * @property {"cache" | "build"} source Whether it was there already or built now.
 */

/**
 * The folder a cache entry is built as.
 * @param {Pick<CacheEntry, "kind" | "version" | "overrideVariable" | "part">} entry
 * @returns {string}
 */
export function cacheEntryDir({ kind, version, overrideVariable, part }) {
  const versionDir = machineCacheDir(kind, overrideVariable, version);
  return part ? join(versionDir, part) : versionDir;
}

/**
 * The finished folder of `entry`: the one in the cache when `isComplete` says it is finished, else
 * one that `build` fills in an empty staging folder (its argument) and that is then renamed into
 * place. A `build` that throws leaves nothing behind.
 * @param {CacheEntry & { build: (stagingDir: string) => void }} entry
 * @returns {CachedFolder}
 */
export function cachedBuild(entry) {
  const dir = cacheEntryDir(entry);
  if (entry.isComplete(dir)) return { dir, source: "cache" };
  const staging = newStagingFolder(dir);
  try {
    entry.build(staging);
    publish(staging, dir, entry.isComplete);
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
  return { dir, source: "build" };
}

/**
 * cachedBuild for a `build` that is asynchronous (a download, a Maven build).
 * @param {CacheEntry & { build: (stagingDir: string) => Promise<void> }} entry
 * @returns {Promise<CachedFolder>}
 */
export async function cachedBuildAsync(entry) {
  const dir = cacheEntryDir(entry);
  if (entry.isComplete(dir)) return { dir, source: "cache" };
  const staging = newStagingFolder(dir);
  try {
    await entry.build(staging);
    publish(staging, dir, entry.isComplete);
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
  return { dir, source: "build" };
}

const stagingMark = ".partial-";
const setAsideMark = ".stale-";

/**
 * An empty folder beside `dir` (same file system, so the rename into place cannot fail for
 * crossing one), named after this process and unique within it: worker threads share a pid.
 * @param {string} dir
 * @returns {string}
 */
function newStagingFolder(dir) {
  mkdirSync(dirname(dir), { recursive: true });
  removeAbandoned(dir);
  return mkdtempSync(`${dir}${stagingMark}${process.pid}-`);
}

/**
 * Removes what builds of `dir` by processes that no longer run left beside it: staging folders
 * of a killed build, and folders set aside by one killed before it removed them.
 * @param {string} dir
 */
function removeAbandoned(dir) {
  const name = basename(dir);
  for (const entry of readdirSync(dirname(dir))) {
    for (const mark of [stagingMark, setAsideMark]) {
      if (!entry.startsWith(`${name}${mark}`)) continue;
      const pid = Number(/^(\d+)-/.exec(entry.slice(name.length + mark.length))?.[1]);
      if (pid && !isRunning(pid)) rmSync(join(dirname(dir), entry), { recursive: true, force: true });
    }
  }
}

/**
 * @param {number} pid
 * @returns {boolean}
 */
function isRunning(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it runs, as another user.
    return /** @type {NodeJS.ErrnoException} */ (error).code === "EPERM";
  }
}

/**
 * Renames the finished `staging` to `dir`. A finished folder already there was put there by a
 * process that won the race: it stays (it may be in use) and `staging` is dropped by the caller.
 * An unfinished one (left by an older tool, or a user's) is set aside and removed first.
 * @param {string} staging
 * @param {string} dir
 * @param {(dir: string) => boolean} isComplete
 */
function publish(staging, dir, isComplete) {
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      renameSync(staging, dir);
      return;
    } catch (error) {
      const code = /** @type {NodeJS.ErrnoException} */ (error).code;
      if (code !== "ENOTEMPTY" && code !== "EEXIST") throw error;
    }
    if (isComplete(dir)) return;
    setAside(dir);
  }
  throw new Error(`could not put the build of ${dir} in place: the folder there keeps changing`);
}

/**
 * Moves an unfinished folder out of the way in one rename, then removes it.
 * @param {string} dir
 */
function setAside(dir) {
  const aside = `${dir}${setAsideMark}${process.pid}-${Math.random().toString(36).slice(2, 10)}`;
  try {
    renameSync(dir, aside);
  } catch (error) {
    // Another process moved or replaced it first: try the rename into place again.
    if (/** @type {NodeJS.ErrnoException} */ (error).code === "ENOENT") return;
    throw error;
  }
  rmSync(aside, { recursive: true, force: true });
}

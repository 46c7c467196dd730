// @ts-check
// The rules `npm run release` refuses bad input by, as pure functions over what was read, so that
// each refusal can be tested without a repository, a build or a registry. Every refusal names the
// file at fault and the fix, and comes before anything is built or published.

/**
 * A file that states the release's version, as read.
 * @typedef {{ file: string, version: string | undefined, fix: string }} VersionSource
 */

/**
 * The refusals for version sources that disagree with `expected` (package.json's version): one
 * line per file, with what it says and how to fix it. Empty when all agree.
 * @param {string} expected
 * @param {VersionSource[]} sources
 * @returns {string[]}
 */
export function versionMismatches(expected, sources) {
  return sources
    .filter((source) => source.version !== expected)
    .map((source) =>
      source.version === undefined
        ? `${source.file}: states no version (expected ${expected}); ${source.fix}`
        : `${source.file}: version ${source.version}, but package.json says ${expected}; ${source.fix}`,
    );
}

/**
 * What a dirty working tree means for a release: refused (with the files and the fix) unless
 * `allowDirty`, in which case it builds but is marked not publishable.
 * @param {string[]} statusLines `git status --porcelain` lines; empty for a clean tree
 * @param {boolean} allowDirty
 * @returns {{ refusal?: string, publishable: boolean, reason?: string }}
 */
export function dirtyTreeVerdict(statusLines, allowDirty) {
  const changed = statusLines.filter((line) => line.trim() !== "");
  if (changed.length === 0) return { publishable: true };
  const shown = changed.slice(0, 20).map((line) => `  ${line}\n`);
  if (changed.length > shown.length) shown.push(`  ... and ${changed.length - shown.length} more\n`);
  const reason = `built from a working tree with ${changed.length} uncommitted change(s)`;
  if (allowDirty) return { publishable: false, reason };
  return {
    publishable: false,
    refusal:
      `the working tree has uncommitted changes, so the release would not be the commit it names:\n` +
      shown.join("") +
      "Commit them (or move them aside) and run again; for a local try, pass --allow-dirty " +
      "(the release folder is then marked not publishable).",
  };
}

/**
 * The refusal when a release is built for a tag (CI's `v<version>`) that is not the package's
 * version; undefined when they agree or no tag was given.
 * @param {string | undefined} tag
 * @param {string} version
 * @returns {string | undefined}
 */
export function tagMismatch(tag, version) {
  if (!tag || tag === `v${version}`) return undefined;
  return (
    `the tag ${tag} does not name package.json's version ${version} (expected v${version}); ` +
    "bump the version in package.json, run npm run sdks, commit, and tag that commit."
  );
}

/**
 * A SHA256SUMS file in the form `sha256sum -c` reads: `<hash>  <path>` per line, by path.
 * @param {Map<string, string>} hashes path (relative, with '/') to SHA-256 in hex
 * @returns {string}
 */
export function formatSums(hashes) {
  return [...hashes]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([path, hash]) => `${hash}  ${path}\n`)
    .join("");
}

/**
 * Reads a SHA256SUMS file; throws on a line that is not `<64 hex>  <path>` (or `<hash> *<path>`,
 * sha256sum's binary mode), naming the line.
 * @param {string} text
 * @returns {Map<string, string>}
 */
export function parseSums(text) {
  const hashes = new Map();
  text.split("\n").forEach((line, index) => {
    if (line.trim() === "") return;
    const match = /^([0-9a-f]{64}) [ *](.+)$/.exec(line);
    if (!match) throw new Error(`SHA256SUMS line ${index + 1} is not "<sha256>  <file>": ${line}`);
    hashes.set(match[2], match[1]);
  });
  return hashes;
}

/**
 * How a release folder differs from its SHA256SUMS: a changed file, a listed file that is
 * missing, a file the list does not name. Empty when they match.
 * @param {Map<string, string>} listed
 * @param {Map<string, string>} found
 * @returns {string[]}
 */
export function sumsMismatches(listed, found) {
  const lines = [];
  for (const [path, hash] of [...listed].sort()) {
    if (!found.has(path)) lines.push(`missing: ${path}`);
    else if (found.get(path) !== hash) lines.push(`changed: ${path} (sha256 ${found.get(path)}, listed ${hash})`);
  }
  for (const path of [...found.keys()].sort()) if (!listed.has(path)) lines.push(`not listed: ${path}`);
  return lines;
}

/**
 * The Go module proxy's case escaping of a module path (an upper-case letter becomes '!' and its
 * lower case), which names the module's folder in a proxy layout.
 * @param {string} modulePath
 * @returns {string}
 */
export function escapeModulePath(modulePath) {
  return modulePath.replace(/[A-Z]/g, (letter) => `!${letter.toLowerCase()}`);
}

/**
 * The tag that publishes a Go module in a subfolder of the repository: `<folder>/v<version>`.
 * @param {string} folder
 * @param {string} version
 * @returns {string}
 */
export function goModuleTag(folder, version) {
  return `${folder}/v${version}`;
}

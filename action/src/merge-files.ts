// The shard files of input merge-files, each line a path or a glob (`shards/*.json`, the folder
// actions/download-artifact wrote every shard's artifact to), relative to the workspace. The
// globs are expanded here with Node.js's own fs.globSync, never by a shell: a file name is only
// ever a word of drift merge's command line. Each file is given by its absolute path, so that one
// whose name starts with `-` is not taken for an option.
import { globSync, statSync } from "node:fs";
import { resolve } from "node:path";

/** What makes a line a glob: `*`, `?`, a `[class]` or `{a,b}`, as fs.globSync reads them. */
const globCharacters = /[*?[\]{}]/;

const isFile = (path: string): boolean => {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
};

/**
 * The files to merge, each once, in the order given (a glob's matches sorted); a problem for a
 * glob that matches no file. A path without glob characters is kept as it is: drift merge says
 * when it cannot read it.
 */
export function expandMergeFiles(
  lines: readonly string[],
  cwd: string,
  platform: NodeJS.Platform = process.platform,
): { files: string[] } | { problem: string } {
  const files: string[] = [];
  for (const line of lines) {
    if (!globCharacters.test(line)) {
      files.push(resolve(cwd, line));
      continue;
    }
    // On Windows a backslash separates folders (runner.temp is D:\a\_temp); a glob escapes with it.
    const pattern = platform === "win32" ? line.replaceAll("\\", "/") : line;
    const matched = globSync(pattern, { cwd })
      .map((path) => resolve(cwd, path))
      .filter(isFile)
      .sort();
    if (matched.length === 0)
      return {
        problem: `input merge-files: "${line}" matches no file: download every shard job's artifact there first (actions/download-artifact).`,
      };
    files.push(...matched);
  }
  return { files: [...new Set(files)] };
}

// The Markdown checks of `npm run lint` (remark-cli; it reads this file and writes nothing):
// every relative link and #anchor of the documentation resolves, links to this repository's
// own GitHub pages included (remark-validate-links), every code fence closes as it opens
// (tools/ci/remark-fences.mjs), and no sentence of prose runs past 40 words
// (tools/ci/remark-sentence-length.mjs). Front matter (the Registry pages') is read as such, not
// as text.
import { relative } from "node:path";
import remarkFrontmatter from "remark-frontmatter";
import remarkValidateLinks from "remark-validate-links";
import remarkFences from "./tools/ci/remark-fences.mjs";
import remarkSentenceLength from "./tools/ci/remark-sentence-length.mjs";

// Pages the sentence rule leaves alone: the CHANGELOG, whose entries are a record of what each
// release was (a released entry is not rewritten), and the API reference, which
// `npm run reference` writes from the schema.
const notHeldToSentenceLength = (/** @type {string} */ path) => {
  const file = relative(import.meta.dirname, path)
    .split("\\")
    .join("/");
  return file === "CHANGELOG.md" || file.startsWith("docs/reference/");
};

export default {
  plugins: [
    remarkFrontmatter,
    [
      remarkValidateLinks,
      {
        repository: "pulumi-webstats/pulumi-webstats",
        root: import.meta.dirname,
        // The Registry's own form of a link between its two pages (no extension): it resolves
        // there, not in the repository. (The API reference's pages link to Pulumi's own
        // documentation on pulumi.com: tools/build/api-reference.mjs writes those links whole.)
        skipPathPatterns: [/[/\\]docs[/\\]installation-configuration$/],
      },
    ],
    remarkFences,
    [remarkSentenceLength, { skip: notHeldToSentenceLength }],
  ],
};

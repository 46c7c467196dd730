// Markdown as GitHub reads it, for the tests of drift's Markdown: markdown-it (CommonMark with GFM
// tables), with raw HTML allowed as GitHub allows it. It comes with typedoc, the API docs'
// generator, which has no types for it: the two methods the tests use are typed here.
import { createRequire } from "node:module";

const MarkdownIt = createRequire(__filename)("markdown-it") as new (options: object) => {
  parse(text: string, env: object): { type: string; tag: string }[];
  render(text: string): string;
};

export const markdownIt = new MarkdownIt({ html: true });

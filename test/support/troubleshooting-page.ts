// docs/troubleshooting.md as its tests read it: sections (`## ...`), and in each the messages it
// quotes, one per ```text block, exactly as the code words them. A test makes the messages of its
// sections with the real code and compares both ways: each message the code gives is quoted, and
// each quote is a message the code gives. Installation addresses are written as
// https://stats.example.com, whatever address a test's emulator has.
import { docSection, docText } from "./docs";

export const troubleshootingPage = "docs/troubleshooting.md";

/** The page's sections, by their `## ` headings. */
export function troubleshootingSections(): string[] {
  return docText(troubleshootingPage)
    .split("\n")
    .filter((line) => line.startsWith("## "));
}

/** The messages one section quotes, in order. */
export function quotedMessages(section: string): string[] {
  return [...docSection(troubleshootingPage, section).matchAll(/^```text\n([\s\S]*?)\n```$/gm)].map(
    (match) => match[1]!,
  );
}

/** A message as the page writes it: the emulator's address replaced by the documented one. */
export function asDocumented(message: string, installation?: string): string {
  return installation === undefined ? message : message.split(installation).join("https://stats.example.com");
}

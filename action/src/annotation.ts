// The Action's own error annotations (`::error title=...::message`): the message's `%`, CR and LF
// escaped as the runner unescapes a command's data, the title's `:` and `,` too, so a wrong input
// quoted in the message keeps the annotation on its one line and starts no other command. (The
// text the Action echoes from the command is stopped whole instead:
// drift/model/neutral-text.ts's withWorkflowCommandsStopped.)

/** A command's data as the runner unescapes it (`%25`, `%0D`, `%0A`): one line whatever it holds. */
export const escapeData = (text: string): string =>
  text.replace(/%/g, "%25").replace(/\r/g, "%0D").replace(/\n/g, "%0A");

/** A command's property value: as its data, with `:` and `,` escaped too. */
export const escapeProperty = (text: string): string =>
  escapeData(text).replace(/:/g, "%3A").replace(/,/g, "%2C");

/** An `::error::` annotation line with a title, the message kept on its line. */
export const errorAnnotation = (title: string, message: string): string =>
  `::error title=${escapeProperty(title)}::${escapeData(message)}\n`;

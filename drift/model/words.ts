// Counts in words, as every report and message of drift writes them: "1 website", "2 websites".

/** `n` and the word, plural unless `n` is 1; `shown` writes the number (digits grouped, in HTML). */
export const plural = (n: number, word: string, shown: (n: number) => string = String): string =>
  `${shown(n)} ${word}${n === 1 ? "" : "s"}`;

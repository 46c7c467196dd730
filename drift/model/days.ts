// A day as drift counts them: the tracking window's dates, a history's --history-keep in days and
// each finding's age are whole UTC days of this length.
export const DAY_MS = 86_400_000;

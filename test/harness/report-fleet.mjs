// The report of the bench's big fleet, built in-process (no server, no stack): the shape of
// section 9's `drift --all` (50 stacks in 5 projects, 10,000 websites over 10 accounts of one
// installation) with the findings a real fleet has (changed, gone, unmanaged, duplicate, silent,
// pages that lack the tracking code, policy findings), drawn from a seeded generator so that the
// same sizes always give the same report. The bench measures its HTML report beside its JSON
// report (bench/html-report.mjs), the docs' screenshot shows it (tools/docs/report-screenshot.mjs)
// and the HTML report's tests render it.
// Plain data in the shape of drift/model/report.ts's DriftReport: it imports nothing.

/** A small seeded generator (mulberry32): the same seed, the same fleet. */
function random(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const pad = (n, width = 2) => String(n).padStart(width, "0");

/** The policy's findings of a fleet: a rule wants every client website private, and each made public breaks it. */
const privacyFindings = (entries) =>
  entries
    .filter((e) => e.changes?.some((c) => c.field === "privacy"))
    .map((entry) => ({
      rule: "private-websites",
      level: "mandatory",
      message: `${entry.domain} is public on the server; the policy wants every client website private`,
      entry,
    }));
const DAY_MS = 86_400_000;

/**
 * The report of `websites` websites over `projects` x `stacksPerProject` stacks and `accounts`
 * accounts, with --check-tracking over `days` days ending on `to` (YYYY-MM-DD), --check-pages
 * and a policy configuration.
 */
export function fleetReport({
  websites = 10_000,
  projects = 5,
  stacksPerProject = 10,
  accounts = 10,
  days = 7,
  to = "2026-11-27",
  seed = 45,
} = {}) {
  const next = random(seed);
  const url = "https://stats.agency.example";
  const stackCount = projects * stacksPerProject;
  const stacks = Array.from(
    { length: stackCount },
    (_, i) => `agency-${Math.floor(i / stacksPerProject)}/client-${pad(i)}`,
  );
  const accountNames = Array.from({ length: accounts }, (_, i) => ({
    url,
    id: i + 1,
    email: `client-${pad(i)}@agency.example`,
  }));
  const toMs = Date.parse(`${to}T00:00:00Z`);
  const from = new Date(toMs - (days - 1) * DAY_MS).toISOString().slice(0, 10);
  const entries = [];
  const perStack = Math.ceil(websites / stackCount);
  for (let i = 0; i < websites; i++) {
    const stackIndex = Math.floor(i / perStack) % stackCount;
    const stack = stacks[stackIndex];
    const account = accountNames[stackIndex % accounts];
    const domain = `site-${pad(i, 5)}.${stack.split("/")[1]}.example.com`;
    const draw = next();
    const status =
      draw < 0.9
        ? "in-sync"
        : draw < 0.94
          ? "changed"
          : draw < 0.95
            ? "gone"
            : draw < 0.985
              ? "unmanaged"
              : "duplicate";
    const other = stacks[(stackIndex + projects) % stackCount];
    const recordedBy = status === "unmanaged" ? [] : status === "duplicate" ? [stack, other] : [stack];
    const entry = {
      domain,
      id: 1000 + i,
      status,
      stacks: recordedBy,
      resources: recordedBy.map((s) => `${s}:site-${pad(i, 5)}`),
      account,
    };
    if (status === "changed") {
      const changes = [
        { field: "privacy", recorded: "private", live: "public" },
        { field: "excludeIps", recorded: ["10.0.0.0/8"], live: ["10.0.0.0/8", "192.0.2.7"] },
        { field: "excludeBots", recorded: true, live: false },
        { field: "email", recorded: true, live: false },
      ];
      const first = Math.floor(next() * changes.length);
      entry.changes =
        next() < 0.3 ? [changes[first], changes[(first + 1) % changes.length]] : [changes[first]];
    }
    if (status !== "gone") {
      const silent = next() < 0.06;
      const base = Math.floor(next() * 400);
      entry.silent = silent;
      entry.pageviews = Array.from({ length: Math.min(days, 100) }, (_, d) =>
        silent ? 0 : Math.max(0, Math.round(base * (0.6 + next() * 0.8) * (d % 7 >= 5 ? 0.55 : 1))),
      );
      const page = next();
      entry.page =
        page < 0.9
          ? { status: "present", url: `https://${domain}/` }
          : page < 0.94
            ? {
                status: "missing",
                url: `https://${domain}/`,
                reason: "no tracking code in the home page",
                ...(silent ? { cause: "silent, and the home page has no tracking code: add it" } : {}),
              }
            : page < 0.96
              ? {
                  status: "wrong",
                  url: `https://${domain}/`,
                  reason: `the tracking code sends to https://stats.other.example, not ${url}`,
                }
              : {
                  status: "unreachable",
                  reason: `the name ${domain} does not resolve (ENOTFOUND)`,
                  ...(silent
                    ? { cause: "silent, and the home page could not be read: the name does not resolve" }
                    : {}),
                };
    }
    entries.push(entry);
  }
  const findings = privacyFindings(entries);
  const accountUses = accountNames.map((a, i) => {
    const held = entries.filter((e) => e.account === a && e.status !== "gone").length;
    const plan =
      i === accounts - 1
        ? null
        : i === accounts - 2
          ? { name: "Unlimited", websites: -1 }
          : { name: i % 3 === 0 ? "Agency 1k" : "Agency 1.2k", websites: i % 3 === 0 ? 1000 : 1200 };
    return { ...a, websites: held, plan };
  });
  const onServer = entries.filter((e) => e.status !== "gone").length;
  return {
    stacks,
    websites: entries,
    accounts: accountUses,
    tracking: { days, from, to, requests: onServer },
    pages: { read: onServer },
    policy: {
      file: "webstats-policy.json",
      rules: [
        {
          name: "private-websites",
          description: "Every client website's statistics are private.",
          level: "mandatory",
        },
      ],
      findings,
      failOn: true,
    },
  };
}

/** A number in [0, 1) from integers, the same every time (a finalizer of murmur3's kind). */
function hashed(...values) {
  let h = 0x9e3779b9;
  for (const v of values) {
    h = Math.imul(h ^ v, 0x85ebca6b);
    h ^= h >>> 13;
    h = Math.imul(h, 0xc2b2ae35);
    h ^= h >>> 16;
  }
  return (h >>> 0) / 4294967296;
}

/** The field a website drifting on a night of its own is changed on, as the base fleet's are. */
const nightChanges = [
  { field: "privacy", recorded: "private", live: "public" },
  { field: "excludeIps", recorded: ["10.0.0.0/8"], live: ["10.0.0.0/8", "192.0.2.7"] },
  { field: "excludeBots", recorded: true, live: false },
  { field: "email", recorded: true, live: false },
];

/**
 * The report of night `night` (0, 1, ...) of the fleet `base` (fleetReport's): the same websites,
 * stacks and accounts, each website drifting in spells. A website's nights fall into spells of 7
 * to 63 nights (its own length and offset); in each spell it drifts or it does not, drawn afresh,
 * so findings come, stay open for weeks, are fixed and come back. A website that drifts in `base`
 * drifts as it does there, in 70% of its spells; another is changed on one field, in 5% of them.
 * One in 20 of the websites has its drift accepted by the baseline. Successive nights give a
 * history with new, open, fixed and accepted findings; the same night, the same report.
 */
export function fleetNight(base, night, { seed = 45 } = {}) {
  const stackOf = new Map(base.stacks.map((s) => [s.split("/")[1], s]));
  const days = base.tracking?.days ?? 7;
  const websites = base.websites.map((e, i) => {
    const length = 7 + Math.floor(hashed(seed, i, 1) * 57);
    const spell = Math.floor((night + Math.floor(hashed(seed, i, 2) * length)) / length);
    const drifted = e.status !== "in-sync" || e.silent === true;
    const drifts = hashed(seed, i, 3, spell) < (drifted ? 0.7 : 0.05);
    const stack = e.stacks[0] ?? stackOf.get(e.domain.split(".")[1]);
    const steady = {
      ...e,
      status: "in-sync",
      stacks: [stack],
      resources: [`${stack}:${e.domain.split(".")[0]}`],
      silent: false,
      pageviews: e.silent === false ? e.pageviews : Array.from({ length: days }, () => 10 + (i % 90)),
      page: e.page ?? { status: "present", url: `https://${e.domain}/` },
    };
    delete steady.changes;
    if (!drifts) return steady;
    const entry = drifted
      ? { ...e }
      : {
          ...steady,
          status: "changed",
          changes: [nightChanges[Math.floor(hashed(seed, i, 4) * nightChanges.length)]],
        };
    if (hashed(seed, i, 5) < 0.05)
      entry.accepted = { firstSeen: base.tracking?.from ?? "2026-01-01", line: i + 1 };
    return entry;
  });
  const findings = privacyFindings(websites);
  const onServer = websites.filter((e) => e.status !== "gone").length;
  return {
    ...base,
    websites,
    ...(base.tracking ? { tracking: { ...base.tracking, requests: onServer } } : {}),
    ...(base.pages ? { pages: { read: onServer } } : {}),
    ...(base.policy ? { policy: { ...base.policy, findings } } : {}),
  };
}

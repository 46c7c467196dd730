import * as webstats from "@pulumi-webstats/webstats";

// The account that owns the stack's API key, and how many websites its plan allows (-1: no limit).
const account = webstats.getAccountOutput({});

export const accountName = account.name;
export const planName = account.apply((result) => result.plan?.name);
export const websiteLimit = account.apply((result) => result.plan?.features.websites);

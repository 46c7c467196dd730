import { createHash } from "node:crypto";
import { jsonResponse, type ApiResponse } from "./http-responses";
import { databaseTimeToIso } from "./timestamps";
import type { StoredAccount } from "./types";

/** The account that owns the key, with the plan's feature limits (-1 = unlimited). */
export function showAccount(account: StoredAccount): ApiResponse {
  const emailHash = createHash("md5").update(account.email.trim().toLowerCase()).digest("hex");
  return jsonResponse(200, {
    data: {
      id: account.id,
      name: account.name,
      email: account.email,
      avatar_url: `https://www.gravatar.com/avatar/${emailHash}?s=48&d=mp`,
      locale: "en",
      timezone: "UTC",
      plan: {
        id: 1,
        name: "Default",
        features: {
          pageviews: account.pageviewLimit ?? -1,
          websites: account.websiteLimit,
          email_reports: 1,
          data_export: 1,
          api: account.apiAccess ? 1 : 0,
        },
      },
      created_at: databaseTimeToIso(account.created_at),
    },
    status: 200,
  });
}

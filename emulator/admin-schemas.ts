// Shapes accepted by the control surface, shared by the programmatic API and the admin routes.
import { z } from "zod";

export const createAccountSchema = z.strictObject({
  name: z.string().min(1).optional(),
  email: z.string().min(1).optional(),
  websiteLimit: z.number().int().min(-1).optional(),
  apiAccess: z.boolean().optional(),
  pageviewLimit: z.number().int().min(-1).optional(),
});

export const websitePatchSchema = z.strictObject({
  privacy: z.union([z.literal(0), z.literal(1), z.literal(2)]).optional(),
  password: z.string().nullable().optional(),
  email: z.union([z.literal(0), z.literal(1)]).optional(),
  exclude_bots: z.union([z.literal(0), z.literal(1)]).optional(),
  exclude_params: z.string().nullable().optional(),
  exclude_ips: z.string().nullable().optional(),
  favorite: z.boolean().optional(),
});

export const throttleSchema = z.strictObject({
  requestsPerMinute: z.number().min(0),
});

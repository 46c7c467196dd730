import * as webstats from "@pulumi-webstats/webstats";

// A website the account already tracks, looked up by its domain (or by its id: `{ id: 42 }`).
const blog = webstats.getWebsiteOutput({ domain: "blog.example.com" });

export const blogId = blog.id;
export const blogPrivacy = blog.privacy;

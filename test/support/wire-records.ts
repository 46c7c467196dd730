// A website record as a real server's GET returns it, for decoding and client tests.
export function wireWebsite(id = 7, domain = `site${id}.example`) {
  return {
    id,
    domain,
    privacy: 0,
    email: 0,
    password: false,
    exclude_bots: 1,
    exclude_ips: null,
    favorite: false,
    favorited_at: null,
    created_at: "2024-05-01T10:00:00.000000Z",
    updated_at: "2024-05-01T10:00:00.000000Z",
  };
}

// A Website declared with every argument, some spelled as a user might write them (a URL in
// capitals for the domain, spaces around a parameter), with what the provider makes of it: its
// outputs and the server's record. The lifecycle proves it at the provider tier for both hosts
// and once through the engine per host.

/** The excluded addresses, which the provider keeps as given. */
const excludeIps = ["10.0.0.0/8", "2001:db8::1", "192.0.2.7"];

/** Every argument of a Website at `domain`, with `password` as the program gives it (plain or marked secret). */
export const everyArgument = (domain: string, password: unknown) => ({
  domain: `https://www.${domain.toUpperCase()}`,
  privacy: "password",
  password,
  email: true,
  excludeBots: false,
  favorite: true,
  excludeParams: ["utm_source", " ref ", "&"],
  excludeIps,
});

/** The outputs of everyArgument: the domain and the parameters normalised. */
export const everyArgumentOutputs = (domain: string) => ({
  domain,
  privacy: "password",
  email: true,
  excludeBots: false,
  favorite: true,
  hasPassword: true,
  excludeParams: ["utm_source", "ref", "&"],
  excludeIps,
  adoptExisting: false,
});

/** The server's record of everyArgument. */
export const everyArgumentStored = (domain: string, password: string) => ({
  domain,
  privacy: 2,
  email: 1,
  exclude_bots: 0,
  favorite: true,
  exclude_params: "utm_source\nref\n&",
  exclude_ips: excludeIps.join("\n"),
  password,
});

// Entries of `excludeIps` as a real installation's matcher understands them (docs/server-behaviour.md):
// an IPv4 or IPv6 address, or a CIDR range of either with a whole prefix length within the
// address size. Anything else never matches a visitor. Both implementations, the client's (the
// provider refuses such entries at preview) and the emulator's, are tested against this table.

export interface IpCase {
  entry: string;
  matches: boolean;
  why: string;
}

export const ipCases: IpCase[] = [
  { entry: "192.0.2.1", matches: true, why: "an IPv4 address" },
  { entry: "10.0.0.0/8", matches: true, why: "an IPv4 range" },
  { entry: "0.0.0.0/0", matches: true, why: "every IPv4 address" },
  { entry: "203.0.113.0/32", matches: true, why: "the longest IPv4 prefix" },
  { entry: "::1", matches: true, why: "the IPv6 loopback" },
  { entry: "2001:db8::1", matches: true, why: "an IPv6 address" },
  { entry: "2001:db8::/32", matches: true, why: "an IPv6 range" },
  { entry: "::/0", matches: true, why: "every IPv6 address" },
  { entry: "2001:db8::1/128", matches: true, why: "the longest IPv6 prefix" },
  { entry: "::ffff:192.0.2.1", matches: true, why: "an IPv4-mapped IPv6 address" },
  { entry: "", matches: false, why: "empty" },
  { entry: "example.com", matches: false, why: "a host name" },
  { entry: "300.1.1.1", matches: false, why: "an octet above 255" },
  { entry: "192.0.2", matches: false, why: "three octets" },
  { entry: "1.2.3.4/33", matches: false, why: "an IPv4 prefix above 32" },
  { entry: "2001:db8::/129", matches: false, why: "an IPv6 prefix above 128" },
  { entry: "10.0.0.0/", matches: false, why: "an empty prefix" },
  { entry: "10.0.0.0/x", matches: false, why: "a prefix that is not a number" },
  { entry: "10.0.0.0/-1", matches: false, why: "a negative prefix" },
  { entry: "10.0.0.0/8/8", matches: false, why: "two prefixes" },
  { entry: " 192.0.2.1", matches: false, why: "a leading space" },
  { entry: "192.0.2.1 ", matches: false, why: "a trailing space" },
  { entry: "192.0.2.1\n192.0.2.2", matches: false, why: "two entries in one" },
  { entry: "fe80::1%eth0", matches: false, why: "an IPv6 zone" },
  { entry: "[2001:db8::1]", matches: false, why: "a bracketed IPv6 address" },
  { entry: "192.0.2.*", matches: false, why: "a wildcard" },
  { entry: "192.0.2.1-192.0.2.9", matches: false, why: "a dash range" },
];

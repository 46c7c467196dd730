// What a real installation does with the `domain` of a new website (docs/server-behaviour.md): the
// input is trimmed and lowercased, every "https://" and then every "http://" is removed, and when
// the result starts with "www." every "www." is removed; the result must then be a host name of
// dot-separated labels (letters, digits, inner hyphens, at most 63 characters, the last label not
// all digits, one trailing dot allowed) or a dotted IPv4 address, at most 255 characters.
//
// Both implementations of these rules, the client's (used by the provider to compare and to check
// at preview) and the emulator's (which answers like the server), are tested against this table.

export interface DomainCase {
  input: string;
  /** What the server stores; absent when it refuses the domain. */
  stored?: string;
  why: string;
}

const long63 = "a".repeat(63);
const long64 = "a".repeat(64);
/** 255 characters in all: 63 + 1 + 63 + 1 + 63 + 1 + 59 + ".com" minus nothing. */
const exactly255 = `${long63}.${long63}.${long63}.${"b".repeat(59)}.com`;

export const domainCases: DomainCase[] = [
  { input: "example.com", stored: "example.com", why: "a plain host name" },
  { input: "  Example.COM  ", stored: "example.com", why: "trimmed and lowercased" },
  { input: "http://example.com", stored: "example.com", why: "scheme removed" },
  { input: "HTTPS://Example.com", stored: "example.com", why: "scheme removed after lowercasing" },
  { input: "https://www.example.com", stored: "example.com", why: "scheme and www. removed" },
  { input: "www.example.com", stored: "example.com", why: "leading www. removed" },
  { input: "www.shop.www.example.com", stored: "shop.example.com", why: "every www. goes once one leads" },
  { input: "shop.www.example.com", stored: "shop.www.example.com", why: "an inner www. alone stays" },
  { input: "wwwexample.com", stored: "wwwexample.com", why: "www without a dot is a label" },
  { input: "https://https://example.com", stored: "example.com", why: "every scheme is removed" },
  { input: "xhttp://example.com", stored: "xexample.com", why: "a scheme is removed mid-string too" },
  { input: "hhttps://ttp://example.com", stored: "example.com", why: "https:// goes before http://" },
  { input: "example.com.", stored: "example.com.", why: "one trailing dot is allowed" },
  { input: "sub.example.co.uk", stored: "sub.example.co.uk", why: "many labels" },
  { input: "xn--bcher-kva.example", stored: "xn--bcher-kva.example", why: "punycode is ASCII" },
  { input: "123.example.com", stored: "123.example.com", why: "numeric labels before the last" },
  { input: "a.b2", stored: "a.b2", why: "the last label has a letter" },
  { input: "1-2.io", stored: "1-2.io", why: "inner hyphens" },
  { input: `${long63}.com`, stored: `${long63}.com`, why: "a label of 63 characters" },
  { input: exactly255, stored: exactly255, why: "255 characters in all" },
  { input: "192.0.2.10", stored: "192.0.2.10", why: "a dotted IPv4 address" },
  { input: "255.255.255.255", stored: "255.255.255.255", why: "the largest IPv4 address" },
  { input: "", why: "empty" },
  { input: "   ", why: "only spaces" },
  { input: "localhost", why: "a single label" },
  { input: "localhost.", why: "a single label with a trailing dot" },
  { input: "example", why: "no dot" },
  { input: "example.com:8080", why: "a port" },
  { input: "example.com/", why: "a path ending in /" },
  { input: "example.com/blog", why: "a path" },
  { input: "ftp://example.com", why: "another scheme stays and is refused" },
  { input: "example.123", why: "the last label is all digits" },
  { input: "1.2.3.256", why: "not an IPv4 address and the last label is numeric" },
  { input: "1.2.3", why: "three numbers" },
  { input: "1.2.3.4.", why: "an IPv4 address with a trailing dot" },
  { input: "01.2.3.4", why: "an IPv4 address with a leading zero" },
  { input: "-example.com", why: "a label starting with a hyphen" },
  { input: "example-.com", why: "a label ending with a hyphen" },
  { input: "exa_mple.com", why: "an underscore" },
  { input: "ex ample.com", why: "a space inside" },
  { input: "example..com", why: "an empty label" },
  { input: ".example.com", why: "a leading dot" },
  { input: "example.com..", why: "two trailing dots" },
  { input: `${long64}.com`, why: "a label of 64 characters" },
  { input: `${exactly255}x`, why: "256 characters" },
  { input: "bücher.example", why: "non-ASCII letters" },
  { input: "::1", why: "an IPv6 address" },
  { input: "[2001:db8::1]", why: "a bracketed IPv6 address" },
];

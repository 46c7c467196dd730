// Networks as an installation's users meet them, for tests: HTTPS with certificates from a private
// authority, and a real forwarding proxy that alone resolves a made-up host name to the loopback
// emulator, so a client that does not go through it cannot reach that name at all.
export * from "./certificates";
export * from "./forwarding-proxy";

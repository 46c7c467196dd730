// The shape of a `connection` argument, shared by the resource, the functions and the hosts.
// Written out for the published declarations (they name nothing of the core); a compile-time
// test holds it to the settings table's `connection` entries (test/unit/website-table-drift.test.ts).

/**
 * An installation and account for one resource or function, instead of the provider's, and how
 * to reach it. What it leaves out comes from the provider's settings, setting by setting.
 */
export interface ConnectionInputs {
  /** The installation's root URL, e.g. `https://stats.example.com`. */
  baseUrl?: string;
  /** An API key of the account. */
  apiKey?: string;
  /** An HTTP proxy for this installation, e.g. `http://user:password@proxy.example.com:3128`. */
  proxyUrl?: string;
  /** A PEM file of certificate authorities trusted for the installation besides the system's. */
  caCertFile?: string;
  /** Accept any certificate from the installation, unverified. */
  skipTlsVerify?: boolean;
  /** Accept a plain `http://` base URL of another machine (the API key then travels in clear). */
  allowHttp?: boolean;
}

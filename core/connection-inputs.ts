// The shape of a `connection` argument, shared by the resource, the functions and the hosts.

/** Credentials for one installation and account, as plain values. */
export interface ConnectionInputs {
  /** The installation's root URL, e.g. `https://stats.example.com`. */
  baseUrl?: string;
  /** An API key of the account. */
  apiKey?: string;
}

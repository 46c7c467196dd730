// The shape of a `connection` argument, shared by the resource, the functions and the hosts:
// every setting of the settings table marked `connection`, as plain values.
import type { ConnectionSettingName, settingSpecs } from "./settings";

type Specs = typeof settingSpecs;

/**
 * An installation and account for one resource or function, instead of the provider's:
 * `baseUrl`, `apiKey`, and how the installation is reached (`proxyUrl`, `caCertFile`,
 * `skipTlsVerify`, `allowHttp`). What it leaves out comes from the provider's settings.
 */
export type ConnectionInputs = {
  [K in ConnectionSettingName]?: Specs[K]["type"] extends "boolean" ? boolean : string;
};

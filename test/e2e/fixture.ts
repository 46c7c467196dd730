// The set-up every engine test file shares: one emulator (throttle off unless asked) with named
// accounts, and stacks that are cleaned up when the file is done.
import { afterAll, beforeAll } from "vitest";
import { startEmulator } from "../../emulator";
import type { CreateAccountOptions, Emulator, EmulatorAccount, EmulatorOptions } from "../../emulator";
import { TestStack } from "./harness";
import type { StackOptions } from "./harness";
import { credentialsConfig } from "./programs";
import type { Host } from "./programs";
import { pluginHome } from "./plugin-home";

export interface EngineFixture {
  readonly emulator: Emulator;
  /** The accounts created for the file, in the order asked for. */
  readonly accounts: EmulatorAccount[];
  /** The account at `index` in the order asked for (default: the first). */
  account(index?: number): EmulatorAccount;
  /** A stack whose configuration points at `account` (default: the first account). */
  stack(program: string, account?: EmulatorAccount, options?: Omit<StackOptions, "program">): TestStack;
  /**
   * A Pulumi YAML stack (the body of Pulumi.yaml after name and runtime) served by the provider
   * plugin, installed as users install it; configured for `account` like `stack`.
   */
  yamlStack(
    yaml: string,
    account?: EmulatorAccount,
    options?: Omit<StackOptions, "program" | "yaml">,
  ): TestStack;
}

/**
 * The set-up of one engine test file. With `host` "plugin", the programs of `stack` run their
 * Websites and functions through the provider plugin instead of the dynamic provider (see
 * forPlugin), so one scenario table runs through both hosts.
 */
export function useEngineFixture(
  accounts: CreateAccountOptions[] = [{}],
  emulatorOptions: EmulatorOptions = { requestsPerMinute: 0 },
  host: Host = "dynamic",
): EngineFixture {
  let emulator: Emulator | undefined;
  const created: EmulatorAccount[] = [];
  const stacks: TestStack[] = [];

  beforeAll(async () => {
    emulator = await startEmulator(emulatorOptions);
    for (const options of accounts) created.push(emulator.createAccount(options));
  });
  afterAll(async () => {
    stacks.forEach((s) => s.cleanup());
    await emulator?.close();
  });

  return {
    get emulator() {
      if (!emulator) throw new Error("the emulator starts in beforeAll");
      return emulator;
    },
    accounts: created,
    account(index = 0) {
      const account = created[index];
      if (!account) throw new Error(`no account ${index}: the emulator starts in beforeAll`);
      return account;
    },
    yamlStack(yaml, account = created[0], options = {}) {
      if (!emulator || !account) throw new Error("the emulator starts in beforeAll");
      const stack = TestStack.create({
        yaml,
        pluginHome: pluginHome(),
        ...options,
        config: options.config ?? credentialsConfig(emulator.url, account.apiKey),
      });
      stacks.push(stack);
      return stack;
    },
    stack(program, account = created[0], options = {}) {
      if (!emulator || !account) throw new Error("the emulator starts in beforeAll");
      const stack = TestStack.create({
        program,
        host,
        ...(host === "plugin" ? { pluginHome: pluginHome() } : {}),
        ...options,
        config: options.config ?? credentialsConfig(emulator.url, account.apiKey),
      });
      stacks.push(stack);
      return stack;
    },
  };
}

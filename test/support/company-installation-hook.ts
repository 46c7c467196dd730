// A company installation (company-installation.ts) for a test file: started before its tests,
// closed after them.
import { afterAll, beforeAll } from "vitest";
import { startCompanyInstallation, type CompanyInstallation } from "./company-installation";

/** Registers the installation `options` describe; call it at a file's top level, read it in tests and hooks. */
export function useCompanyInstallation(
  options: Parameters<typeof startCompanyInstallation>[0],
): () => CompanyInstallation {
  let installation: CompanyInstallation | undefined;
  beforeAll(async () => {
    installation = await startCompanyInstallation(options);
  });
  afterAll(async () => {
    await installation?.close();
  });
  return () => {
    if (!installation) throw new Error("the installation starts in beforeAll");
    return installation;
  };
}

// fastify is an optional peer dependency: only the emulator needs a web server framework, so a
// project that installs pulumi-webstats to manage websites does not get one. The emulator's
// entry points check for it before loading the server, so a missing fastify is reported as
// what to install instead of a bare "Cannot find module".

/** The fastify versions the emulator is written for (package.json's peerDependencies). */
export const FASTIFY_RANGE = "^5.6.0";

/** Why the emulator cannot start, or undefined when fastify can be loaded. */
export function missingFastifyMessage(): string | undefined {
  try {
    require.resolve("fastify");
    return undefined;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "MODULE_NOT_FOUND") throw error;
    return (
      `The pulumi-webstats emulator needs fastify ${FASTIFY_RANGE}, which is not installed. ` +
      `fastify is an optional peer dependency (managing websites does not need it): ` +
      `run \`npm install --save-dev fastify@${FASTIFY_RANGE}\` to use pulumi-webstats/emulator or webstats-emulator.`
    );
  }
}

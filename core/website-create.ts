// Creating a Website without ever leaving an orphan or a duplicate behind, and updating
// one with errors that say what to do.
import { setTimeout } from "node:timers/promises";
import { NotFoundError, serverMayHaveActed, ValidationError } from "../sdk";
import type { WebstatsClient, Website as ApiWebsite, WebsiteCreateInput, WebsiteUpdateInput } from "../sdk";
import { passwordGap, updatePatch } from "./website-diff";
import { fieldEntries } from "./website-fields";
import type { WebsiteInputs, WebsiteOutputs } from "./website-fields";
import { outputsFrom } from "./website-state";

/** How many times a create whose outcome is unknown is tried again after checking it did not happen. */
const unknownOutcomeAttempts = 3;
/** Pause before trying again, growing with each attempt: the server or proxy was in trouble. */
const unknownOutcomePauseMs = 500;

function isDomainTaken(error: unknown): boolean {
  return (
    error instanceof ValidationError &&
    (error.fieldErrors.domain ?? []).some((message) => /already been taken/i.test(message))
  );
}

/**
 * A website that was created but not finished. A host records it as such (the engine's
 * initialization failure) with these outputs, so the next `up` completes it.
 */
export class PartialCreateError extends Error {
  constructor(
    message: string,
    readonly id: string,
    readonly outputs: WebsiteOutputs,
    readonly reasons: string[],
  ) {
    super(message);
    this.name = "PartialCreateError";
  }
}

function takenDomainError(domain: string, existing: ApiWebsite | undefined): Error {
  if (existing) {
    return new Error(
      `A website for "${domain}" already exists in this account (website id ${existing.id}). ` +
        `Set adoptExisting: true on this Website to manage it with Pulumi, or remove it first.`,
    );
  }
  return new Error(
    `The domain "${domain}" is registered by another account on this installation: ` +
      `domains are unique across the whole installation, not per account. ` +
      `Remove it from the other account or use that account's API key.`,
  );
}

/** The arguments a create can carry; the rest (favorite) needs an update afterwards. */
function createRequest(inputs: WebsiteInputs): WebsiteCreateInput {
  const request: Partial<WebsiteCreateInput> = {};
  for (const [name, spec] of fieldEntries) {
    const value = inputs[name];
    if (value !== undefined && (spec.sentOn === "create" || spec.sentOn === "both"))
      spec.send?.(value, request);
  }
  return { ...request, domain: inputs.domain };
}

/**
 * POSTs the website. When the answer is lost (the server may or may not have created it),
 * looks the domain up before deciding to try again, so a website is never created twice.
 */
async function postWithoutDuplicates(client: WebstatsClient, inputs: WebsiteInputs): Promise<ApiWebsite> {
  let lastError: unknown;
  for (let attempt = 1; attempt <= unknownOutcomeAttempts; attempt++) {
    try {
      return await client.websites.create(createRequest(inputs));
    } catch (error) {
      if (isDomainTaken(error)) {
        const existing = await client.websites.findByDomain(inputs.domain);
        // After an attempt whose answer was lost, the website in this account is the one that
        // attempt made: it is finished as a website just created is, and recorded in the state if
        // that fails, never left out of it. With adoptExisting, one made meanwhile by someone else
        // is taken over.
        if (existing && attempt > 1) return existing;
        if (existing && inputs.adoptExisting) return adopt(client, existing, inputs);
        throw takenDomainError(inputs.domain, existing);
      }
      if (!serverMayHaveActed(error)) throw error;
      lastError = error;
      const created = await client.websites.findByDomain(inputs.domain);
      if (created) return created;
      await setTimeout(unknownOutcomePauseMs * attempt);
    }
  }
  throw lastError;
}

/**
 * Brings an existing website of this account in line with the arguments: only what differs is
 * sent, and nothing at all when it already matches.
 */
async function adopt(
  client: WebstatsClient,
  existing: ApiWebsite,
  inputs: WebsiteInputs,
): Promise<ApiWebsite> {
  const current = outputsFrom(existing, {});
  const gap = passwordGap(current, inputs);
  if (gap) throw new Error(gap);
  const patch = updatePatch(current, inputs);
  return Object.keys(patch).length > 0 ? client.websites.update(existing.id, patch) : existing;
}

/**
 * Creates the website, or with adoptExisting takes over this account's website of the domain.
 * `findExisting` looks the domain up (a provider shares one listing among many adoptions).
 */
export async function createWebsite(
  client: WebstatsClient,
  inputs: WebsiteInputs,
  findExisting: (domain: string) => Promise<ApiWebsite | undefined> = (domain) =>
    client.websites.findByDomain(domain),
): Promise<WebsiteOutputs> {
  if (inputs.adoptExisting) {
    const existing = await findExisting(inputs.domain);
    if (existing) return outputsFrom(await adopt(client, existing, inputs), inputs);
  }

  const gap = passwordGap({}, inputs);
  if (gap) throw new Error(gap);
  const created = await postWithoutDuplicates(client, inputs);
  // What a create cannot carry takes an update: favorite is the one argument sent only on update.
  const rest = updatePatch(outputsFrom(created, inputs), inputs);
  if (Object.keys(rest).length === 0) return outputsFrom(created, inputs);

  // If that update fails the website exists: record it as it is, so the next `up` sees the
  // difference and finishes the job.
  try {
    return outputsFrom(await client.websites.update(created.id, rest), inputs);
  } catch (error) {
    const outputs = outputsFrom(created, inputs);
    const reason = error instanceof Error ? error.message : String(error);
    // The engine shows the reasons, not the message, of an initialization failure.
    const explanation =
      `Website ${created.id} (${created.domain}) was created but could not be marked as favorite: ${reason}. ` +
      `It is recorded in the state; run pulumi up again to finish it.`;
    throw new PartialCreateError(explanation, String(created.id), outputs, [explanation]);
  }
}

/**
 * Updates a website; a website deleted outside Pulumi (which the client reports as
 * NotFoundError, even though the server answers 500) becomes an error that says what to do.
 */
export async function updateOrExplain(
  client: WebstatsClient,
  id: number,
  domain: string,
  patch: WebsiteUpdateInput,
): Promise<ApiWebsite> {
  try {
    return await client.websites.update(id, patch);
  } catch (error) {
    if (!(error instanceof NotFoundError)) throw error;
    throw new Error(
      `Website ${id} (${domain}) no longer exists: it was deleted outside Pulumi. ` +
        `Run pulumi refresh to drop it from the state, then pulumi up to create it again.`,
    );
  }
}

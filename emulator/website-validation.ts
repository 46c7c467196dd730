// The server's validation rules for creating and changing a website, with its message texts.
import { MAX_DOMAIN_LENGTH, isValidDomainName, normalizeDomain } from "./domain-name";
import { isIpAddressOrRange, splitListEntries } from "./ip-ranges";
import { hasField, numericValue, type InputValue, type RequestInput } from "./request-input";
import type { StoredWebsite } from "./types";

export type FieldErrors = Record<string, string[]>;

export const MAX_PASSWORD_LENGTH = 128;

/** Facts about the installation that the domain rules need. */
export interface NewWebsiteContext {
  isDomainTaken(domain: string): boolean;
  websiteLimitReached: boolean;
}

export interface NewWebsiteValidation {
  errors: FieldErrors;
  /** The domain after normalisation, when one was given. */
  domain: string | undefined;
}

export function validateNewWebsite(input: RequestInput, context: NewWebsiteContext): NewWebsiteValidation {
  const errors: FieldErrors = {};
  const domain = checkDomain(input.domain, context, errors);
  const passwordRequired = numericValue(input.privacy) === 2;
  checkSettings(input, passwordRequired, errors);
  return { errors, domain };
}

/** `domain` is not an accepted field on update, so it is not looked at. */
export function validateWebsiteChanges(input: RequestInput, current: StoredWebsite): FieldErrors {
  const errors: FieldErrors = {};
  const passwordRequired = numericValue(input.privacy) === 2 && !current.password;
  checkSettings(input, passwordRequired, errors);
  return errors;
}

export function hasErrors(errors: FieldErrors): boolean {
  return Object.keys(errors).length > 0;
}

function addError(errors: FieldErrors, field: string, message: string): void {
  (errors[field] ??= []).push(message);
}

/** Messages name a field with spaces for underscores, as the framework does. */
function label(field: string): string {
  return field.replace(/_/g, " ");
}

function checkDomain(
  value: InputValue | undefined,
  context: NewWebsiteContext,
  errors: FieldErrors,
): string | undefined {
  if (value === undefined || value === null) {
    addError(errors, "domain", "The domain field is required.");
    return undefined;
  }
  if (typeof value !== "string" && typeof value !== "number") {
    addError(errors, "domain", "The domain field must be a string.");
    return undefined;
  }
  const domain = normalizeDomain(String(value));
  if (domain === "") {
    addError(errors, "domain", "The domain field is required.");
    return undefined;
  }
  if ([...domain].length > MAX_DOMAIN_LENGTH) {
    addError(errors, "domain", `The domain field must not be greater than ${MAX_DOMAIN_LENGTH} characters.`);
  }
  if (!isValidDomainName(domain)) addError(errors, "domain", "The domain must be a valid domain name.");
  if (context.isDomainTaken(domain)) addError(errors, "domain", "The domain has already been taken.");
  if (context.websiteLimitReached) addError(errors, "domain", "You created too many websites.");
  return domain;
}

function checkSettings(input: RequestInput, passwordRequired: boolean, errors: FieldErrors): void {
  checkChoice(input, "privacy", [0, 1, 2], errors);
  checkPassword(input, passwordRequired, errors);
  checkChoice(input, "email", [0, 1], errors);
  checkChoice(input, "exclude_bots", [0, 1], errors);
  checkText(input, "exclude_params", errors);
  if (checkText(input, "exclude_ips", errors)) checkIpList(input.exclude_ips, errors);
}

function checkChoice(input: RequestInput, field: string, allowed: number[], errors: FieldErrors): void {
  const value = input[field];
  if (value === undefined || value === null) return;
  const number = numericValue(value);
  if (number === undefined || !allowed.includes(number)) {
    addError(errors, field, `The selected ${label(field)} is invalid.`);
  }
}

function checkPassword(input: RequestInput, required: boolean, errors: FieldErrors): void {
  const value = input.password;
  if (value === undefined || value === null) {
    if (required) addError(errors, "password", "The password field is required when privacy is 2.");
    return;
  }
  if (typeof value !== "string") {
    addError(errors, "password", "The password field must be a string.");
    return;
  }
  if ([...value].length > MAX_PASSWORD_LENGTH) {
    addError(
      errors,
      "password",
      `The password field must not be greater than ${MAX_PASSWORD_LENGTH} characters.`,
    );
  }
}

/** True when the field holds a string worth checking further. */
function checkText(input: RequestInput, field: string, errors: FieldErrors): boolean {
  const value = input[field];
  if (!hasField(input, field) || value === null) return false;
  if (typeof value !== "string") {
    addError(errors, field, `The ${label(field)} field must be a string.`);
    return false;
  }
  return true;
}

function checkIpList(value: InputValue | undefined, errors: FieldErrors): void {
  if (typeof value !== "string") return;
  const invalid = splitListEntries(value).filter((entry) => !isIpAddressOrRange(entry));
  if (invalid.length > 0) {
    addError(errors, "exclude_ips", "The exclude ips field must contain valid IP addresses or ranges.");
  }
}

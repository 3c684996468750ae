/**
 * Makes an admin (docs/decisions/0017-admin-accounts.md): `npm run admin:create -- --email x@y --password '…'`.
 *
 * A new address becomes a member with the admin role, the e-mail counted as confirmed and a generated public
 * name; the address of an existing member makes that member an admin (a password given replaces theirs and ends
 * their sessions; without one they keep it). The password is never printed. DATABASE_PATH picks the database.
 */
import path from "node:path";
import { pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import { z } from "zod";
import { MAX_PASSWORD_LENGTH, hashPassword } from "~/accounts/password.server";
import { pseudonymCandidates } from "~/accounts/public-name.server";
import { config } from "~/config.server";
import { promoteToAdmin } from "~/models/admins.server";
import { createMember, findMemberByEmail, getMemberProfile, publicNameTaken } from "~/models/users.server";

/** An admin reaches every school's teachers and pupils, so their password is longer than a member's minimum. */
export const MIN_ADMIN_PASSWORD_LENGTH = 12;

export const USAGE = `Usage: npm run admin:create -- --email <address> --password <password>
  (in the production image: node build/ops/admin-create.js --email <address> --password <password>)

Creates an admin account for the admin panel (/admin): a member with the admin role, the e-mail
address counted as confirmed, and a made-up public name. If a member already has that address,
they are made an admin instead: --password then replaces their password (and signs them out
everywhere); leave it out to keep their password.

  --email <address>      the admin's e-mail address: their username on the admin login
  --password <password>  ${MIN_ADMIN_PASSWORD_LENGTH} to ${MAX_PASSWORD_LENGTH} characters; or set ADMIN_PASSWORD instead, so
                         the password stays out of your shell history. It is never printed.
  --help                 this text

The database is DATABASE_PATH (default ./data/app.db).`;

export class AdminCreateError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "AdminCreateError";
  }
}

const email = z.string().trim().toLowerCase().max(254).email();

export type AdminCreated =
  | { kind: "created"; id: string; email: string; username: string }
  | { kind: "promoted" | "already-admin"; id: string; email: string; passwordReplaced: boolean };

function checkPassword(password: string) {
  if (password.length < MIN_ADMIN_PASSWORD_LENGTH || password.length > MAX_PASSWORD_LENGTH)
    throw new AdminCreateError(
      `The password must be ${MIN_ADMIN_PASSWORD_LENGTH} to ${MAX_PASSWORD_LENGTH} characters long.`,
    );
}

/** Creates the admin, or makes the member with this address one (see the top of this file). */
export async function createOrPromoteAdmin(input: { email: string; password?: string }): Promise<AdminCreated> {
  const address = email.safeParse(input.email);
  if (!address.success) throw new AdminCreateError(`"${input.email}" is not an e-mail address.`);
  if (input.password !== undefined) checkPassword(input.password);

  const existing = findMemberByEmail(address.data);
  if (existing) {
    const wasAdmin = getMemberProfile(existing.id)?.role === "admin";
    const passwordHash = input.password === undefined ? undefined : await hashPassword(input.password);
    promoteToAdmin(existing.id, { passwordHash });
    return {
      kind: wasAdmin ? "already-admin" : "promoted",
      id: existing.id,
      email: address.data,
      passwordReplaced: passwordHash !== undefined,
    };
  }

  if (input.password === undefined) throw new AdminCreateError("A new admin needs a password: give --password.");
  const passwordHash = await hashPassword(input.password);
  // A made-up public name no member has (the admin plays like anyone else if they want to).
  for (const username of pseudonymCandidates({ plain: 10, numbered: 20 })) {
    if (publicNameTaken(username)) continue;
    const created = createMember({
      email: address.data,
      phone: null,
      passwordHash,
      username,
      emailVerified: true,
      role: "admin",
    });
    if (created.ok) return { kind: "created", id: created.id, email: address.data, username };
    if (created.taken === "email") throw new AdminCreateError(`${address.data} was registered just now: run again.`);
  }
  throw new AdminCreateError("No free public name was found for the new admin: run again.");
}

export function describeResult(result: AdminCreated): string {
  switch (result.kind) {
    case "created":
      return `Created the admin ${result.email} (public name "${result.username}"). Log in at /admin with this e-mail address and the password given.`;
    case "promoted":
      return `${result.email} is now an admin${result.passwordReplaced ? ", with the new password (signed out everywhere)" : ", with their own password"}. Log in at /admin.`;
    case "already-admin":
      return `${result.email} was already an admin${result.passwordReplaced ? "; their password is replaced (signed out everywhere)" : ""}.`;
  }
}

async function main() {
  let values: { email?: string; password?: string; help?: boolean };
  try {
    ({ values } = parseArgs({
      options: { email: { type: "string" }, password: { type: "string" }, help: { type: "boolean" } },
      strict: true,
      allowPositionals: false,
    }));
  } catch (error) {
    console.error(`${error instanceof Error ? error.message : String(error)}\n\n${USAGE}`);
    process.exit(2);
  }
  if (values.help) {
    console.log(USAGE);
    return;
  }
  const password = values.password ?? config.adminPassword;
  if (!values.email) {
    console.error(`Give the admin's e-mail address with --email.\n\n${USAGE}`);
    process.exit(2);
  }
  try {
    const result = await createOrPromoteAdmin({ email: values.email, password: password || undefined });
    console.log(`${describeResult(result)} (database: ${config.databasePath})`);
  } catch (error) {
    if (error instanceof AdminCreateError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) await main();

import { spawnSync } from "node:child_process";
import crypto from "node:crypto";
import path from "node:path";
import Database from "better-sqlite3";
import { describe, expect, it } from "vitest";
import { verifyPassword } from "~/accounts/password.server";
import { findLoginWithRole } from "~/models/admins.server";
import { insertMemberSession, listMemberSessions } from "~/models/sessions.server";
import { createMember, findMemberByEmail, getMemberProfile } from "~/models/users.server";
import { AdminCreateError, createOrPromoteAdmin } from "../../scripts/admin-create";

/* `npm run admin:create` (docs/decisions/0017-admin-accounts.md): the first admin is made by a command. */

const PASSWORD = "a long admin password";

describe("createOrPromoteAdmin", () => {
  it("makes a new member with the admin role, the e-mail confirmed and a made-up public name", async () => {
    const made = await createOrPromoteAdmin({ email: " New.Admin@Example.org ", password: PASSWORD });
    expect(made).toMatchObject({ kind: "created", email: "new.admin@example.org" });
    const login = findMemberByEmail("new.admin@example.org")!;
    expect(login.emailVerifiedAt).not.toBeNull();
    expect(await verifyPassword(login.passwordHash!, PASSWORD)).toBe(true);
    const profile = getMemberProfile(login.id)!;
    expect(profile.role).toBe("admin");
    expect(made.kind === "created" && made.username).toBe(profile.username);
    expect(profile.username).toMatch(/^[A-Z][a-z]+ [A-Z][a-z]+( \d\d)?$/);
  });

  it("makes an existing member an admin, keeping their password unless given a new one", async () => {
    const created = createMember({
      email: "member@example.org",
      phone: null,
      passwordHash: null,
      username: "Existing Member",
      emailVerified: false,
    });
    if (!created.ok) throw new Error("setup");
    insertMemberSession({ id: "member-session", userId: created.id, userAgent: null, expiresAt: Date.now() + 60_000 });

    expect(await createOrPromoteAdmin({ email: "member@example.org" })).toMatchObject({
      kind: "promoted",
      passwordReplaced: false,
    });
    expect(findLoginWithRole("member@example.org")).toMatchObject({ role: "admin", passwordHash: null });
    expect(findMemberByEmail("member@example.org")!.emailVerifiedAt).not.toBeNull();
    expect(listMemberSessions(created.id, Date.now())).toHaveLength(1);

    expect(await createOrPromoteAdmin({ email: "member@example.org", password: PASSWORD })).toMatchObject({
      kind: "already-admin",
      passwordReplaced: true,
    });
    expect(await verifyPassword(findLoginWithRole("member@example.org")!.passwordHash!, PASSWORD)).toBe(true);
    // A replaced password ends every session of the account.
    expect(listMemberSessions(created.id, Date.now())).toHaveLength(0);
    expect(getMemberProfile(created.id)!.username).toBe("Existing Member");
  });

  it("refuses a bad address, a short password, and a new admin without a password, writing nothing", async () => {
    await expect(createOrPromoteAdmin({ email: "not an address", password: PASSWORD })).rejects.toThrow(
      AdminCreateError,
    );
    await expect(createOrPromoteAdmin({ email: "short@example.org", password: "elevenchars" })).rejects.toThrow(
      /12 to 128 characters/,
    );
    await expect(createOrPromoteAdmin({ email: "nopass@example.org" })).rejects.toThrow(/needs a password/);
    expect(findMemberByEmail("short@example.org")).toBeUndefined();
    expect(findMemberByEmail("nopass@example.org")).toBeUndefined();
  });
});

describe("npm run admin:create", () => {
  const database = () => path.join("tmp", "vitest", `admin-create-${crypto.randomUUID()}.db`);
  const run = (file: string, args: string[], extraEnv: Record<string, string> = {}) =>
    spawnSync(process.execPath, ["--import", "tsx", "scripts/admin-create.ts", ...args], {
      env: { ...process.env, DATABASE_PATH: file, ...extraEnv },
      encoding: "utf8",
    });

  it("creates the admin and never prints the password", async () => {
    const file = database();
    const made = run(file, ["--email", "cli@example.org", "--password", PASSWORD]);
    expect(made.status).toBe(0);
    expect(made.stdout).toMatch(/^Created the admin cli@example\.org \(public name "[^"]+"\)\. Log in at \/admin/);
    expect(made.stdout + made.stderr).not.toContain(PASSWORD);

    const sqlite = new Database(file, { readonly: true });
    const row = sqlite
      .prepare("SELECT role, password_hash AS hash FROM users WHERE email = ?")
      .get("cli@example.org") as {
      role: string;
      hash: string;
    };
    sqlite.close();
    expect(row.role).toBe("admin");
    expect(await verifyPassword(row.hash, PASSWORD)).toBe(true);

    // The password may come from ADMIN_PASSWORD instead, out of the shell's history.
    const again = run(file, ["--email=cli@example.org"], { ADMIN_PASSWORD: "another long password" });
    expect(again.stdout).toMatch(/cli@example\.org was already an admin; their password is replaced/);
    expect(again.stdout).not.toContain("another long password");
  });

  it("explains its usage, and says what is wrong", () => {
    const file = database();
    const help = run(file, ["--help"]);
    expect(help.status).toBe(0);
    expect(help.stdout).toMatch(/^Usage: npm run admin:create -- --email <address> --password <password>/);

    const none = run(file, []);
    expect(none.status).toBe(2);
    expect(none.stderr).toMatch(/Give the admin's e-mail address with --email\.\n\nUsage:/);

    const unknown = run(file, ["--email", "x@example.org", "--pasword", PASSWORD]);
    expect(unknown.status).toBe(2);
    expect(unknown.stderr).toMatch(/Unknown option '--pasword'/);
    expect(unknown.stderr).not.toContain(PASSWORD);

    const short = run(file, ["--email", "x@example.org", "--password", "short"]);
    expect(short.status).toBe(1);
    expect(short.stderr.trim()).toBe("The password must be 12 to 128 characters long.");

    const bad = run(file, ["--email", "nope", "--password", PASSWORD]);
    expect(bad.status).toBe(1);
    expect(bad.stderr.trim()).toBe('"nope" is not an e-mail address.');
  });
});

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testSmtpServer } from "./smtp-test-server";

/* The mailer against a real SMTP server process (the smtp-server package on a local port): what SMTP_URL does. */

const smtp = testSmtpServer();
const received = smtp.received;

let sendMail: typeof import("~/email/mailer.server").sendMail;
let templates: typeof import("~/email/templates.server");

beforeAll(async () => {
  // The app reads its configuration once, when first imported: set the mail settings first.
  process.env.SMTP_URL = await smtp.listen();
  process.env.MAIL_FROM = "Maths Sprint <no-reply@mathssprint.example>";
  ({ sendMail } = await import("~/email/mailer.server"));
  templates = await import("~/email/templates.server");
});

afterAll(async () => {
  await smtp.close();
});

describe("mail over SMTP", () => {
  it("delivers a password reset with its link to a real SMTP server", async () => {
    await sendMail(templates.resetPasswordMail("kid@example.org", "http://localhost:3000/auth/reset?token=abc"));
    expect(received).toHaveLength(1);
    expect(received[0]!.from).toBe("no-reply@mathssprint.example");
    expect(received[0]!.to).toEqual(["kid@example.org"]);
    expect(received[0]!.data).toContain("Subject: Reset your Maths Sprint password");
    // The body is quoted-printable: undo its soft line breaks and escaped "=" before looking for the link.
    const body = received[0]!.data.replace(/=\r?\n/g, "").replace(/=3D/g, "=");
    expect(body).toContain("http://localhost:3000/auth/reset?token=abc");
  });
});

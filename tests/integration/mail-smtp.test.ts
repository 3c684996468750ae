import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

/* The mailer against a real SMTP server process (the smtp-server package on a local port): what SMTP_URL does. */

const received: { from: string; to: string[]; data: string }[] = [];
const server = new SMTPServer({
  authOptional: true,
  disabledCommands: ["STARTTLS"],
  onData(stream, session, callback) {
    let data = "";
    stream.on("data", (chunk: Buffer) => (data += chunk.toString("utf8")));
    stream.on("end", () => {
      received.push({
        from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
        to: session.envelope.rcptTo.map((r) => r.address),
        data,
      });
      callback();
    });
  },
});

let sendMail: typeof import("~/email/mailer.server").sendMail;
let templates: typeof import("~/email/templates.server");

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.server.address() as AddressInfo;
  // The app reads its configuration once, when first imported: set the mail settings first.
  process.env.SMTP_URL = `smtp://127.0.0.1:${port}?ignoreTLS=true`;
  process.env.MAIL_FROM = "Maths Sprint <no-reply@mathssprint.example>";
  ({ sendMail } = await import("~/email/mailer.server"));
  templates = await import("~/email/templates.server");
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
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

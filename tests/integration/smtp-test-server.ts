import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

/** A mail as the test SMTP server took it, with what `extra` read at that moment. */
export type ReceivedMail<Extra> = { from: string; to: string[]; data: string } & Extra;

/**
 * A real SMTP server on a local port for the mail tests (the smtp-server package, no TLS): it keeps every mail it
 * takes, or refuses them all while `rejecting`. `extra` runs as each mail arrives (e.g. to look in the database at
 * that moment). `listen()` answers the SMTP_URL to give the app before it reads its configuration.
 */
export function testSmtpServer<Extra extends object = object>(extra?: () => Extra) {
  const received: ReceivedMail<Extra>[] = [];
  const state = { rejecting: false };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    onData(stream, session, callback) {
      let data = "";
      stream.on("data", (chunk: Buffer) => (data += chunk.toString("utf8")));
      stream.on("end", () => {
        if (state.rejecting) return callback(new Error("Mailbox unavailable"));
        const from = session.envelope.mailFrom ? session.envelope.mailFrom.address : "";
        const to = session.envelope.rcptTo.map((r) => r.address);
        received.push({ from, to, data, ...(extra?.() as Extra) });
        callback();
      });
    },
  });
  return {
    received,
    state,
    /** Back to taking every mail, with none received yet. */
    reset() {
      state.rejecting = false;
      received.length = 0;
    },
    async listen(): Promise<string> {
      await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
      const { port } = server.server.address() as AddressInfo;
      return `smtp://127.0.0.1:${port}?ignoreTLS=true`;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

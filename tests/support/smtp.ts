import { SMTPServer } from "smtp-server";
import { type ParsedMail, simpleParser } from "mailparser";
import { waitFor } from "./wait.ts";

export interface TestSmtp {
  url: string;
  messages: ParsedMail[];
  /** Resolves with the first received mail that matches, waiting for it to arrive. */
  waitForMail(match: (mail: ParsedMail) => boolean, timeoutMs?: number): Promise<ParsedMail>;
  stop(): Promise<void>;
}

const QUIET_SOCKET_ERRORS = new Set(["ECONNRESET", "EPIPE", "ETIMEDOUT"]);

/** A real SMTP listener (npm smtp-server) on loopback that keeps every message it receives. */
export async function startSmtp(): Promise<TestSmtp> {
  const messages: ParsedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream).then((mail) => {
        messages.push(mail);
        callback();
      }, callback);
    },
  });
  // A sender killed in the middle of a message (the chaos suites SIGKILL the workers) resets the
  // connection; smtp-server reports that as an "error" event, which would otherwise be thrown
  // as uncaught. The message is simply not kept, as a real server would do; the sender resends.
  server.on("error", (error: Error & { code?: string }) => {
    if (!QUIET_SOCKET_ERRORS.has(error.code ?? "")) console.error("test SMTP listener:", error);
  });
  // Port 0: the kernel picks one and the listener keeps it, so no other test can take it.
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = (server as unknown as { server: import("node:net").Server }).server
    .address() as import("node:net").AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    waitForMail: (match, timeoutMs = 30_000) =>
      waitFor(() => messages.find(match), { timeoutMs, what: "an e-mail" }),
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

import { SMTPServer } from "smtp-server";
import { type ParsedMail, simpleParser } from "mailparser";
import { freePort } from "./ports.ts";
import { waitFor } from "./wait.ts";

export interface TestSmtp {
  url: string;
  messages: ParsedMail[];
  /** Resolves with the first received mail that matches, waiting for it to arrive. */
  waitForMail(match: (mail: ParsedMail) => boolean, timeoutMs?: number): Promise<ParsedMail>;
  stop(): Promise<void>;
}

/** A real SMTP listener (npm smtp-server) on loopback that keeps every message it receives. */
export async function startSmtp(): Promise<TestSmtp> {
  const port = freePort();
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
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    waitForMail: (match, timeoutMs = 15_000) =>
      waitFor(() => messages.find(match), { timeoutMs, what: "an e-mail" }),
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

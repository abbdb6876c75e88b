import nodemailer from "nodemailer";
import { join } from "node:path";
import { log } from "@core/platform/logger.ts";

export interface OutgoingMail {
  to: string;
  from: string;
  replyTo?: string;
  subject: string;
  text: string;
  html?: string;
}

export interface Mailer {
  send(mail: OutgoingMail): Promise<{ messageId: string }>;
}

/**
 * SMTP when `smtpUrl` is set; otherwise each mail is written as an .eml file into `mailDir`, so a
 * local run shows exactly what would have been sent (the log names the file, not its content).
 */
export function createMailer({ smtpUrl, mailDir }: { smtpUrl?: string; mailDir: string }): Mailer {
  if (smtpUrl) {
    const transport = nodemailer.createTransport(smtpUrl);
    return {
      async send(mail) {
        const info = await transport.sendMail(mail);
        log.info("mail sent", { transport: "smtp", messageId: info.messageId });
        return { messageId: info.messageId };
      },
    };
  }
  const transport = nodemailer.createTransport({
    streamTransport: true,
    buffer: true,
    newline: "unix",
  });
  return {
    async send(mail) {
      const info = await transport.sendMail(mail);
      await Deno.mkdir(mailDir, { recursive: true });
      const file = join(mailDir, `${Date.now()}-${crypto.randomUUID()}.eml`);
      await Deno.writeFile(file, info.message as Uint8Array);
      log.info("mail written", { transport: "file", path: file });
      return { messageId: info.messageId };
    },
  };
}

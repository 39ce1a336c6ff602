import nodemailer from 'nodemailer';
import type { MessageProvider, OutgoingMessage } from './outbox.service.ts';

/**
 * E-mail by SMTP (nodemailer), chosen when `SMTP_URL` is set. The URL carries host, port, credentials
 * and options (`smtps://` for implicit TLS; `?ignoreTLS=true` only for a local relay).
 */
export function createSmtpProvider(url: string, from: string): MessageProvider {
  const transport = nodemailer.createTransport(url);
  return {
    name: 'smtp',
    async deliver(message: OutgoingMessage) {
      if (message.channel !== 'email') throw new Error('the SMTP provider only sends e-mail');
      await transport.sendMail({
        from,
        to: message.recipient,
        subject: message.subject ?? '',
        text: message.body,
      });
    },
  };
}

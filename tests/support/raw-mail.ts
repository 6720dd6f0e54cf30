/**
 * A raw RFC 5322 message with a text part and base64 attachments (lines of 76 characters, CRLF),
 * as a mail client sends one: for the inbound tests and `pnpm bench:inbound`.
 */
export type RawAttachment = { name: string; type: string; bytes: Buffer };

export type RawMessageHead = { from: string; to?: string; subject: string; messageId: string; date?: Date };

const base64Lines = (b: Buffer) => b.toString('base64').replace(/.{76}/g, '$&\r\n');

export function rawMessage(head: RawMessageHead, text: string, attachments: readonly RawAttachment[]): Buffer {
  const part = (a: RawAttachment) => [
    '--b1',
    `Content-Type: ${a.type}; name="${a.name}"`,
    `Content-Disposition: attachment; filename="${a.name}"`,
    'Content-Transfer-Encoding: base64',
    '',
    base64Lines(a.bytes),
  ];
  return Buffer.from(
    [
      `From: ${head.from}`,
      ...(head.to ? [`To: ${head.to}`] : []),
      `Subject: ${head.subject}`,
      `Message-ID: <${head.messageId}>`,
      ...(head.date ? [`Date: ${head.date.toUTCString()}`] : []),
      'MIME-Version: 1.0',
      'Content-Type: multipart/mixed; boundary="b1"',
      '',
      '--b1',
      'Content-Type: text/plain; charset=utf-8',
      '',
      text,
      ...attachments.flatMap(part),
      '--b1--',
      '',
    ].join('\r\n'),
  );
}

/**
 * The developer test helper's message (`POST /api/marketing/test-webhook-email`): a raw
 * RFC 5322 message as that client writes one, so it takes the same path as real mail
 * (handed over to the mailer, which parses it with mailparser like a `raw` post):
 * - `standard`: a single text/plain part, quoted-printable;
 * - `gmail`: multipart/alternative, the HTML in Gmail's `<div dir="ltr">` markup;
 * - `outlook`: multipart/alternative, the HTML in Word's `MsoNormal` markup with its head;
 * - `randomFormat`: one of the three.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { site, type TestEmailFormat } from '@lp/contracts';

type Concrete = Exclude<TestEmailFormat, 'randomFormat'>;
export type TestEmailInput = {
  name: string;
  email: string;
  subject: string;
  text: string;
  emailFormat: TestEmailFormat;
};

const escapeHtml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** RFC 2047 encoded word when the text is not plain ASCII. */
const encodeWord = (s: string) =>
  /^[\x20-\x7e]*$/.test(s) ? s : `=?UTF-8?B?${Buffer.from(s, 'utf8').toString('base64')}?=`;
const quoteName = (s: string) => (/^[\x20-\x7e]*$/.test(s) ? `"${s.replace(/(["\\])/g, '\\$1')}"` : encodeWord(s));

/** Base64 body lines of 76 characters. */
const base64Lines = (s: string) => Buffer.from(s, 'utf8').toString('base64').replace(/.{76}/g, '$&\r\n');

function gmailHtml(text: string): string {
  const lines = text.split(/\r?\n/).map((l) => (l ? escapeHtml(l) : '<br>'));
  return `<div dir="ltr">${lines.map((l) => `<div>${l}</div>`).join('')}</div>\r\n`;
}

function outlookHtml(text: string): string {
  const paragraphs = text
    .split(/\r?\n/)
    .map((l) => `<p class="MsoNormal">${l ? escapeHtml(l) : '<o:p>&nbsp;</o:p>'}<o:p></o:p></p>`)
    .join('\r\n');
  return [
    '<html xmlns:v="urn:schemas-microsoft-com:vml" xmlns:o="urn:schemas-microsoft-com:office:office" xmlns:w="urn:schemas-microsoft-com:office:word" xmlns:m="http://schemas.microsoft.com/office/2004/12/omml" xmlns="http://www.w3.org/TR/REC-html40">',
    '<head><meta http-equiv="Content-Type" content="text/html; charset=utf-8"><meta name="Generator" content="Microsoft Word 15 (filtered medium)">',
    '<style><!--p.MsoNormal, li.MsoNormal, div.MsoNormal {margin:0in; font-size:11.0pt; font-family:"Calibri",sans-serif;} .MsoChpDefault {mso-style-type:export-only;} div.WordSection1 {page:WordSection1;}--></style>',
    '</head>',
    '<body lang="EN-US" link="#0563C1" vlink="#954F72" style="word-wrap:break-word">',
    `<div class="WordSection1">\r\n${paragraphs}\r\n</div>`,
    '</body>',
    '</html>',
    '',
  ].join('\r\n');
}

function pick(format: TestEmailFormat): Concrete {
  if (format !== 'randomFormat') return format;
  const all: Concrete[] = ['standard', 'gmail', 'outlook'];
  return all[randomBytes(1)[0]! % all.length]!;
}

export function buildTestEmail(input: TestEmailInput, now = new Date()): { format: Concrete; raw: Buffer } {
  const format = pick(input.emailFormat);
  const boundary = `000000000000${randomBytes(10).toString('hex')}`;
  const messageId =
    format === 'gmail'
      ? `<CA+${randomBytes(24).toString('base64url')}@mail.gmail.com>`
      : format === 'outlook'
        ? `<${randomBytes(16).toString('hex').toUpperCase()}@BY5PR11MB4040.namprd11.prod.outlook.com>`
        : `<${randomUUID()}@test.${new URL(site.origin).hostname}>`;
  const head = [
    `From: ${quoteName(input.name)} <${input.email}>`,
    `To: ${quoteName(site.brand)} <${site.email}>`,
    `Subject: ${encodeWord(input.subject)}`,
    `Date: ${now.toUTCString().replace('GMT', '+0000')}`,
    `Message-ID: ${messageId}`,
    'MIME-Version: 1.0',
    ...(format === 'outlook'
      ? [
          `Thread-Topic: ${encodeWord(input.subject)}`,
          `Thread-Index: ${randomBytes(22).toString('base64')}`,
          'X-MS-Has-Attach:',
          'Content-Language: en-US',
        ]
      : []),
    'X-Lp-Test-Email: 1',
  ];
  const text = input.text.replace(/\r?\n/g, '\r\n');
  if (format === 'standard') {
    return {
      format,
      raw: Buffer.from(
        [
          ...head,
          'Content-Type: text/plain; charset="UTF-8"',
          'Content-Transfer-Encoding: base64',
          '',
          base64Lines(text),
          '',
        ].join('\r\n'),
        'utf8',
      ),
    };
  }
  const html = format === 'gmail' ? gmailHtml(input.text) : outlookHtml(input.text);
  const body = [
    `Content-Type: multipart/alternative; boundary="${boundary}"`,
    '',
    `--${boundary}`,
    'Content-Type: text/plain; charset="UTF-8"',
    'Content-Transfer-Encoding: base64',
    '',
    base64Lines(text),
    `--${boundary}`,
    'Content-Type: text/html; charset="UTF-8"',
    'Content-Transfer-Encoding: base64',
    '',
    base64Lines(html),
    `--${boundary}--`,
    '',
  ];
  return { format, raw: Buffer.from([...head, ...body].join('\r\n'), 'utf8') };
}

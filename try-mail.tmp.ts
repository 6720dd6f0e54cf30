import { readdirSync, readFileSync, mkdtempSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { parseInboundPost } from '/work/main/services/mailer/src/inbound/parse-inbound-post.ts';
const dir = process.argv[2]!;
for (const name of readdirSync(dir).sort()) {
  const spool = mkdtempSync(join(tmpdir(), 'try-'));
  try {
    const m = await parseInboundPost('raw', readFileSync(join(dir, name)), 'message/rfc822', spool);
    const bad = [m.subject, m.fromName, m.fromEmail, m.text.slice(0, 5000), m.to].some((s) => s.includes('\uFFFD')) ? ' FFFD!' : '';
    console.log(`${name}\tOK\t${JSON.stringify(m.subject).slice(0, 60)}\t${m.fromEmail}\t${m.sentAt ?? 'no-date'}\ttext=${m.text.length}\thtml=${m.html.length}\tatt=${m.attachments.map((a) => `${a.filename}:${a.size}`).join(',')}${bad}`);
  } catch (e) {
    const err = e as { status?: number; message: string };
    console.log(`${name}\tERR ${err.status ?? 'THROW'}\t${err.message.slice(0, 100)}`);
  }
}

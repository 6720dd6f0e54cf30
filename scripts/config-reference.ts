/**
 * `pnpm docs:config`: writes docs/configuration.md from the valibot schemas that parse each
 * process's configuration at start-up, so the reference cannot drift from what the code accepts.
 * For every setting it reads the schema itself: whether it is optional and its default, the
 * pipe's checks (integer, minValue/maxValue, min/maxLength, url, regex, picklist options, custom
 * checks) and the `v.description(…)` the schema carries. `tests/docs/configuration.test.ts`
 * renders it again in memory and fails when the file differs, or when `.env.example` and the
 * schemas disagree.
 */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import * as prettier from 'prettier';
import { analyticsSettings } from '@lp/analytics/config';
import { GatewayConfigSchema } from '@lp/gateway';
import { mailerSettings } from '@lp/mailer/config';
import { runtimeEnvEntries, serviceEnvEntries } from '@lp/runtime';

export const CONFIG_REFERENCE_FILE = fileURLToPath(new URL('../docs/configuration.md', import.meta.url));

/** The parts of a valibot schema or pipe action that the reference reads. */
interface Node {
  readonly kind: 'schema' | 'validation' | 'transformation' | 'metadata';
  readonly type: string;
  readonly pipe?: readonly Node[];
  readonly wrapped?: Node;
  readonly default?: unknown;
  readonly options?: readonly unknown[];
  readonly requirement?: unknown;
  readonly message?: unknown;
  readonly description?: string;
}
type Entries = Readonly<Record<string, unknown>>;

/** One setting as the reference shows it. */
export interface Setting {
  key: string;
  /** `undefined`: no default (unset means "off" or a value the code picks, as the description says). */
  default: string | undefined;
  required: boolean;
  allowed: string[];
  description: string | undefined;
}

const BOOLEAN_WORDS = ['true', 'false', '1', '0', 'yes', 'no'];
const code = (s: string) => '`' + s + '`';

/** Walks one setting's schema: wrappers, pipes and their actions. */
export function describeSetting(key: string, schema: unknown): Setting {
  const setting: Setting = { key, default: undefined, required: true, allowed: [], description: undefined };
  let integer = false;
  let min: number | undefined;
  let max: number | undefined;
  let minLength: number | undefined;
  let maxLength: number | undefined;
  const visit = (node: Node): void => {
    if (node.pipe) {
      // A pipe's first item is the schema it starts from (itself perhaps piped), then its actions.
      const [from, ...actions] = node.pipe;
      if (from) visit(from);
      actions.forEach(action);
      return;
    }
    if (node.type === 'optional' && node.wrapped) {
      // The outermost optional decides: an optional without a default around one with a
      // default (COOKIE_SECURE) leaves the setting unset.
      if (setting.required && node.default !== undefined) setting.default = String(node.default);
      setting.required = false;
      visit(node.wrapped);
    } else if (node.type === 'picklist' && node.options) {
      const options = node.options.map(String);
      setting.allowed.push(
        options.join() === BOOLEAN_WORDS.join()
          ? '`true` or `false` (also `1`/`0`, `yes`/`no`)'
          : `one of ${options.map(code).join(', ')}`,
      );
    }
  };
  const action = (item: Node): void => {
    if (item.kind === 'schema') return visit(item);
    const n = typeof item.requirement === 'number' ? item.requirement : undefined;
    if (item.type === 'description') setting.description = item.description;
    else if (item.type === 'integer') integer = true;
    else if (item.type === 'min_value') min = n;
    else if (item.type === 'max_value') max = n;
    else if (item.type === 'min_length') minLength = n;
    else if (item.type === 'max_length') maxLength = n;
    else if (item.type === 'url') setting.allowed.push('a URL');
    else if ((item.type === 'regex' || item.type === 'check') && typeof item.message === 'string') {
      setting.allowed.push(item.message.replace(/^must be /, ''));
    }
  };
  visit(schema as Node);

  if (integer || min !== undefined || max !== undefined) {
    const [low, high] = [min, max !== undefined && max < Number.MAX_SAFE_INTEGER ? max : undefined];
    const num = (n: number) => n.toLocaleString('en-US');
    const range =
      low !== undefined && high !== undefined
        ? `${num(low)}–${num(high)}`
        : low !== undefined
          ? `≥ ${num(low)}`
          : high !== undefined
            ? `≤ ${num(high)}`
            : '';
    setting.allowed.unshift([integer ? 'integer' : 'number', range].filter(Boolean).join(' '));
  }
  if (minLength !== undefined && maxLength !== undefined) setting.allowed.push(`${minLength}–${maxLength} characters`);
  else if (minLength !== undefined && minLength > 1) setting.allowed.push(`at least ${minLength} characters`);
  else if (minLength === 1) setting.allowed.push('not empty');
  return setting;
}

export const describeEntries = (entries: Entries, except: Entries = {}): Setting[] =>
  Object.entries(entries)
    .filter(([key, schema]) => except[key] !== schema)
    .map(([key, schema]) => describeSetting(key, schema));

/** The processes, each with the schema that parses its configuration. */
export const CONFIG_SECTIONS: { title: string; intro: string; settings: Setting[] }[] = [
  {
    title: 'Every process',
    intro:
      'Read by the one-process product (`pnpm start`), the gateway and every background service ' +
      '(`services/runtime/src/config.ts`, `runtimeEnvEntries`). `TRACKING_SECRET` and `WEBHOOK_SECRET` ' +
      'matter to the gateway and the mailer alike; each service reads its own settings below.',
    settings: describeEntries(runtimeEnvEntries),
  },
  {
    title: 'Background services',
    intro:
      'A service started on its own (`pnpm service crm`, `mailer`, `analytics`, `content`, `inventory`; ' +
      '`serviceEnvEntries`) reads every setting above and needs these two.',
    settings: describeEntries(serviceEnvEntries, runtimeEnvEntries),
  },
  {
    title: 'Gateway and the one-process product',
    intro:
      '`pnpm start` and `pnpm service gateway` (`services/gateway/src/config.ts`, `GatewayConfigSchema`) read ' +
      'every setting of the first table and these.',
    settings: describeEntries(GatewayConfigSchema.entries, runtimeEnvEntries),
  },
  {
    title: 'Analytics service',
    intro:
      'Read where the analytics service runs: `pnpm service analytics`, or `pnpm start` ' +
      '(`services/analytics/src/config.ts`, `analyticsSettings`).',
    settings: describeEntries(analyticsSettings.entries),
  },
  {
    title: 'Mailer service',
    intro:
      'Read where the mailer runs: `pnpm service mailer`, or `pnpm start` ' +
      '(`services/mailer/src/config.ts`, `mailerSettings`).',
    settings: describeEntries(mailerSettings.entries),
  },
];

const cell = (s: string) => s.replace(/\|/g, '\\|').replace(/\n/g, ' ');
const defaultCell = (s: Setting) =>
  s.required ? '**required**' : s.default === undefined ? 'unset' : s.default === '' ? 'empty' : code(s.default);

export async function renderConfigReference(): Promise<string> {
  const lines = [
    '# Configuration reference',
    '',
    '<!-- Generated by `pnpm docs:config` (scripts/config-reference.ts) from the schemas that parse the',
    "configuration. Do not edit: change a setting's `v.description(…)` or its schema, then run the command. -->",
    '',
    'Every setting is read from the environment, or from a `.env` file in the folder the process ' +
      'starts from (the environment wins; [`.env.example`](../.env.example) lists every key with its ' +
      'default). An empty value counts as unset. Each process parses its configuration once at start-up ' +
      'and refuses to start with the list of what is wrong, so a value outside its allowed range (say ' +
      '`CONTACT_RATE_LIMIT=20000`) stops the process with a message naming the key.',
    '',
    'Durations are in milliseconds where the name ends in `_MS`, sizes in bytes where it ends in `_BYTES`.',
    '',
  ];
  for (const section of CONFIG_SECTIONS) {
    lines.push(`## ${section.title}`, '', section.intro, '');
    lines.push('| setting | default | allowed | what it does |', '| --- | --- | --- | --- |');
    for (const s of section.settings) {
      const allowed = s.allowed.length ? s.allowed.join('; ') : 'text';
      lines.push(
        `| ${code(s.key)} | ${cell(defaultCell(s))} | ${cell(allowed)} | ${cell(s.description ?? '(no description)')} |`,
      );
    }
    lines.push('');
  }
  const options = (await prettier.resolveConfig(CONFIG_REFERENCE_FILE)) ?? {};
  return prettier.format(lines.join('\n'), { ...options, parser: 'markdown' });
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  writeFileSync(CONFIG_REFERENCE_FILE, await renderConfigReference());
  process.stdout.write(`wrote ${CONFIG_REFERENCE_FILE}\n`);
}

import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { checkManifests, K8S_DIR, kubectlChecks, readManifests } from './check-manifests.ts';
import { pnpmServiceArgs } from '../tests/support/product-command.ts';

const hasKubectl = !spawnSync('kubectl', ['version', '--client']).error;

const infra = (p: string) => fileURLToPath(new URL(`../infra/${p}`, import.meta.url));

describe('infra/k8s manifests', () => {
  it('pass kubectl (when installed) and the schema check', () => {
    const kubectl = kubectlChecks();
    expect(kubectl.problems).toEqual([]);
    expect(checkManifests(readManifests())).toEqual([]);
  });

  it.skipIf(!hasKubectl)(
    'fail on what kubectl apply --dry-run=client refuses, even in a file no kustomization lists',
    () => {
      const dir = mkdtempSync(join(tmpdir(), 'k8s-'));
      try {
        cpSync(K8S_DIR, dir, { recursive: true });
        writeFileSync(join(dir, 'extra.yaml'), 'apiVersion: v1\nmetadata:\n  name: orphan\n');
        const { ran, problems } = kubectlChecks(dir);
        expect(ran.join(' ')).toContain('kubectl apply --dry-run=client');
        expect(problems).toEqual([
          expect.stringMatching(/kubectl apply --dry-run=client: .*extra\.yaml.*'Kind' is missing/),
        ]);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
    30_000,
  );

  it('declare probes, requests, disruption budgets, autoscalers for analytics and crm, and Secrets for credentials', () => {
    const docs = readManifests();
    const kinds = docs.map((d) => `${String(d.kind)}/${String((d.metadata as { name: string }).name)}`);
    expect(kinds).toEqual(
      expect.arrayContaining([
        'Deployment/gateway',
        'Deployment/crm',
        'Deployment/analytics',
        'Deployment/mailer',
        'Deployment/content',
        'HorizontalPodAutoscaler/crm',
        'HorizontalPodAutoscaler/analytics',
        'PodDisruptionBudget/crm',
        'Secret/lpl-secrets',
        'Job/lpl-migrate',
      ]),
    );
  });

  it('the schema check finds what an operator would trip on', () => {
    const docs = readManifests();
    const broken = structuredClone(docs).filter(
      (d) => !(d.kind === 'HorizontalPodAutoscaler' && (d.metadata as { name: string }).name === 'crm'),
    );
    const crm = broken.find((d) => d.kind === 'Deployment' && (d.metadata as { name: string }).name === 'crm') as {
      spec: { template: { spec: { containers: { readinessProbe: { httpGet: { port: string } }; env: unknown[] }[] } } };
    };
    crm.spec.template.spec.containers[0]!.readinessProbe.httpGet.port = 'metrics';
    crm.spec.template.spec.containers[0]!.env.push({ name: 'DATABASE_URL', value: 'postgres://lpl:secret@db/lpl' });
    expect(checkManifests(broken)).toEqual([
      'Deployment/crm container crm: DATABASE_URL must come from a Secret, not a literal value',
      'Deployment/crm: readinessProbe port metrics not declared',
      'HorizontalPodAutoscaler for crm missing',
    ]);
  });
});

describe('infra/compose.yaml', () => {
  const compose = parse(readFileSync(infra('compose.yaml'), 'utf8'), { merge: true }) as {
    services: Record<
      string,
      { environment?: Record<string, string>; ports?: string[]; command?: string[]; volumes?: string[] }
    >;
  };

  it('runs a 3-node NATS cluster with R3 streams and a gateway that scales behind Caddy', () => {
    const nats = Object.keys(compose.services).filter((s) => /^nats-\d$/.test(s));
    expect(nats).toEqual(['nats-1', 'nats-2', 'nats-3']);
    for (const [i, s] of nats.entries())
      expect(compose.services[s]!.volumes?.[0]).toContain(`nats-cluster-${i + 1}.conf`);
    for (const s of ['gateway', 'crm', 'analytics', 'mailer', 'content']) {
      expect(compose.services[s]!.environment?.BUS_STREAM_REPLICAS, s).toBe('3');
      expect(compose.services[s]!.environment?.NATS_URL, s).toBe(
        'nats://nats-1:4222,nats://nats-2:4222,nats://nats-3:4222',
      );
    }
    // A fixed host port would stop `--scale gateway=3`; only the proxy publishes one.
    expect(compose.services.gateway!.ports).toBeUndefined();
    expect(compose.services.gateway!.environment?.TRUST_PROXY).toBe('true');
    expect(compose.services.proxy!.ports).toEqual(['8080:80', '8443:443']);
    expect(readFileSync(infra('caddy/Caddyfile'), 'utf8')).toMatch(/dynamic a gateway 3000/);
    expect(compose.services.migrate!.command).toEqual(['node', 'scripts/dist/migrate.js']);
  });

  it('the image runs compiled JavaScript as a non-root user under tini, with a /readyz health check', () => {
    const dockerfile = readFileSync(infra('Dockerfile'), 'utf8');
    expect(dockerfile).toMatch(/^USER node$/m);
    expect(dockerfile).toMatch(/^ENTRYPOINT \["\/usr\/bin\/tini", "--"\]$/m);
    expect(dockerfile).toMatch(/^CMD \["node", "scripts\/dist\/run-service\.js"\]$/m);
    expect(dockerfile).toMatch(/^HEALTHCHECK .*\n.*\/readyz/m);
    expect(dockerfile).toMatch(/pnpm install --prod --frozen-lockfile/);
    expect(dockerfile).not.toMatch(/--import tsx|\bpnpm (start|service)\b/);
  });

  it("the image's services run with the V8 heap flags of `pnpm service`, so the benches measure what it runs", () => {
    const dockerfile = readFileSync(infra('Dockerfile'), 'utf8');
    const imageFlags = /^[ \t]*NODE_OPTIONS="([^"]*)"/m.exec(dockerfile)?.[1]?.split(/\s+/) ?? [];
    const heapFlags = pnpmServiceArgs('gateway').filter((arg) => /^--max-(semi|old)-space-size=/.test(arg));
    // The old-space ceiling sets V8's heap growth step: without it a large machine lets a
    // service's heap grow to 4x its live size between major collections (docs/operations.md, "Two ways to run").
    expect(heapFlags).toEqual(expect.arrayContaining([expect.stringMatching(/^--max-old-space-size=\d+$/)]));
    expect(imageFlags.sort()).toEqual(heapFlags.sort());
  });
});

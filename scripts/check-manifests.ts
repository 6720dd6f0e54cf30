/**
 * `pnpm check:manifests`: validates the Kubernetes manifests in infra/k8s. With kubectl on the
 * PATH it renders them with `kubectl kustomize` and runs `kubectl apply --dry-run=client
 * --validate=false` on every file (offline too: kubectl still reads and decodes each object);
 * in every case it checks what an operator relies on:
 * known kinds with names and the namespace, Deployments whose selectors match their pods, each
 * container with an image, resource requests, a memory limit, readiness and liveness probes on
 * a declared port, a non-root user, credentials only from Secrets; a PodDisruptionBudget per
 * Deployment, HorizontalPodAutoscalers for analytics and crm aimed at existing Deployments,
 * Services that select pods. Exits 1 with the problems listed.
 */
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseAllDocuments } from 'yaml';

export const K8S_DIR = fileURLToPath(new URL('../infra/k8s', import.meta.url));
const NAMESPACE = 'lake-powell-lots';
const KINDS: Record<string, string> = {
  Namespace: 'v1',
  ConfigMap: 'v1',
  Secret: 'v1',
  Service: 'v1',
  Deployment: 'apps/v1',
  Job: 'batch/v1',
  PodDisruptionBudget: 'policy/v1',
  HorizontalPodAutoscaler: 'autoscaling/v2',
};

type Obj = Record<string, unknown>;
const at = (o: unknown, ...path: (string | number)[]): unknown =>
  path.reduce<unknown>(
    (v, k) => (v && typeof v === 'object' ? (v as Record<string | number, unknown>)[k] : undefined),
    o,
  );
const list = (v: unknown): Obj[] => (Array.isArray(v) ? (v as Obj[]) : []);

/** The manifest files of a folder (every YAML file but the kustomization, which is no resource). */
const manifestFiles = (dir: string) =>
  readdirSync(dir)
    .filter((f) => /\.ya?ml$/.test(f) && f !== 'kustomization.yaml')
    .sort()
    .map((f) => join(dir, f));

/** Reads every manifest file of a folder. */
export function readManifests(dir = K8S_DIR): Obj[] {
  return manifestFiles(dir)
    .flatMap((f) => parseAllDocuments(readFileSync(f, 'utf8')).map((d) => d.toJS() as Obj))
    .filter(Boolean);
}

const matches = (selector: unknown, labels: unknown) =>
  !!selector &&
  typeof selector === 'object' &&
  Object.entries(selector as Record<string, string>).every(([k, v]) => at(labels, k) === v);

export function checkManifests(docs: Obj[]): string[] {
  const problems: string[] = [];
  const name = (d: Obj) => `${String(d.kind)}/${String(at(d, 'metadata', 'name'))}`;
  const deployments = docs.filter((d) => d.kind === 'Deployment');
  const secrets = new Set(docs.filter((d) => d.kind === 'Secret').map((d) => at(d, 'metadata', 'name')));
  const configMaps = new Set(docs.filter((d) => d.kind === 'ConfigMap').map((d) => at(d, 'metadata', 'name')));

  for (const d of docs) {
    const kind = String(d.kind);
    if (!(kind in KINDS)) problems.push(`${name(d)}: unknown kind`);
    else if (d.apiVersion !== KINDS[kind]) problems.push(`${name(d)}: apiVersion should be ${KINDS[kind]}`);
    if (!at(d, 'metadata', 'name')) problems.push(`${kind}: metadata.name missing`);
    if (kind !== 'Namespace' && at(d, 'metadata', 'namespace') !== NAMESPACE)
      problems.push(`${name(d)}: namespace should be ${NAMESPACE}`);
  }

  const checkPod = (owner: string, spec: unknown) => {
    if (at(spec, 'securityContext', 'runAsNonRoot') !== true) problems.push(`${owner}: pods must run as non-root`);
    const containers = list(at(spec, 'containers'));
    if (containers.length === 0) problems.push(`${owner}: no containers`);
    for (const c of containers) {
      const where = `${owner} container ${String(c.name)}`;
      if (!c.image) problems.push(`${where}: image missing`);
      if (!at(c, 'resources', 'requests', 'cpu') || !at(c, 'resources', 'requests', 'memory'))
        problems.push(`${where}: cpu and memory requests missing`);
      if (!at(c, 'resources', 'limits', 'memory')) problems.push(`${where}: memory limit missing`);
      for (const e of list(c.env))
        if (/PASSWORD|DATABASE_URL|SECRET|TOKEN/i.test(String(e.name)) && 'value' in e)
          problems.push(`${where}: ${String(e.name)} must come from a Secret, not a literal value`);
      for (const from of list(c.envFrom)) {
        const s = at(from, 'secretRef', 'name');
        const m = at(from, 'configMapRef', 'name');
        if (s && !secrets.has(s)) problems.push(`${where}: Secret ${String(s)} not declared`);
        if (m && !configMaps.has(m)) problems.push(`${where}: ConfigMap ${String(m)} not declared`);
      }
    }
    return containers;
  };

  for (const d of deployments) {
    const labels = at(d, 'spec', 'template', 'metadata', 'labels');
    if (!matches(at(d, 'spec', 'selector', 'matchLabels'), labels))
      problems.push(`${name(d)}: selector does not match the pod labels`);
    for (const c of checkPod(name(d), at(d, 'spec', 'template', 'spec'))) {
      const ports = new Set(list(c.ports).flatMap((p) => [p.name, p.containerPort]));
      for (const probe of ['readinessProbe', 'livenessProbe']) {
        const port = at(c, probe, 'httpGet', 'port');
        if (!at(c, probe, 'httpGet', 'path')) problems.push(`${name(d)}: ${probe} missing`);
        else if (!ports.has(port as string | number))
          problems.push(`${name(d)}: ${probe} port ${String(port)} not declared`);
      }
      if (at(c, 'readinessProbe', 'httpGet', 'path') !== '/readyz')
        problems.push(`${name(d)}: readiness should ask /readyz`);
    }
    const pdb = docs.find(
      (p) => p.kind === 'PodDisruptionBudget' && matches(at(p, 'spec', 'selector', 'matchLabels'), labels),
    );
    if (!pdb) problems.push(`${name(d)}: no PodDisruptionBudget selects its pods`);
  }
  for (const d of docs.filter((x) => x.kind === 'Job')) checkPod(name(d), at(d, 'spec', 'template', 'spec'));

  const hpas = docs.filter((d) => d.kind === 'HorizontalPodAutoscaler');
  for (const h of hpas) {
    const target = at(h, 'spec', 'scaleTargetRef', 'name');
    if (!deployments.some((d) => at(d, 'metadata', 'name') === target))
      problems.push(`${name(h)}: scales ${String(target)}, which is no Deployment here`);
    if (!(Number(at(h, 'spec', 'maxReplicas')) >= Number(at(h, 'spec', 'minReplicas') ?? 1)))
      problems.push(`${name(h)}: maxReplicas below minReplicas`);
  }
  for (const needed of ['analytics', 'crm'])
    if (!hpas.some((h) => at(h, 'spec', 'scaleTargetRef', 'name') === needed))
      problems.push(`HorizontalPodAutoscaler for ${needed} missing`);

  for (const s of docs.filter((d) => d.kind === 'Service'))
    if (!deployments.some((d) => matches(at(s, 'spec', 'selector'), at(d, 'spec', 'template', 'metadata', 'labels'))))
      problems.push(`${name(s)}: selects no Deployment's pods`);
  return problems;
}

/**
 * An error line of `kubectl apply --dry-run=client` that only says no cluster answered its kind
 * discovery (offline it still reads and decodes every file, and reports what it cannot).
 */
const NO_CLUSTER =
  /couldn't get current server API group list|^unable to recognize "[^"]+": Get "[^"]+": (dial tcp|net\/http|context deadline)/;

/**
 * kubectl's own checks when it is installed: render the kustomization, and
 * `kubectl apply --dry-run=client --validate=false` on every manifest file (a file that is not
 * YAML, or an object kubectl cannot decode, fails it with or without a cluster; with a cluster
 * answering, unknown kinds and versions fail too).
 */
export function kubectlChecks(dir = K8S_DIR): { ran: string[]; problems: string[] } {
  const which = spawnSync('kubectl', ['version', '--client'], { encoding: 'utf8' });
  if (which.error || which.status !== 0) return { ran: [], problems: [] };
  const ran = ['kubectl kustomize', 'kubectl apply --dry-run=client'];
  const problems: string[] = [];
  const rendered = spawnSync('kubectl', ['kustomize', dir], { encoding: 'utf8' });
  if (rendered.status !== 0) problems.push(`kubectl kustomize: ${rendered.stderr.trim()}`);
  const files = manifestFiles(dir).flatMap((f) => ['-f', f]);
  const dry = spawnSync(
    'kubectl',
    ['apply', '--dry-run=client', '--validate=false', '--request-timeout=5s', ...files],
    {
      encoding: 'utf8',
    },
  );
  if (dry.status !== 0) {
    const lines = `${dry.stderr}\n${dry.error?.message ?? ''}`.split('\n').map((l) => l.trim());
    const errors = lines.filter((l) => l && !NO_CLUSTER.test(l));
    if (errors.length) problems.push(...errors.map((l) => `kubectl apply --dry-run=client: ${l}`));
    else ran[1] = 'kubectl apply --dry-run=client (no cluster: files decoded, kinds not looked up)';
  }
  return { ran, problems };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const kubectl = kubectlChecks();
  const problems = [...kubectl.problems, ...checkManifests(readManifests())];
  console.log(`check:manifests: schema check${kubectl.ran.length ? ` + ${kubectl.ran.join(' + ')}` : ' (no kubectl)'}`);
  for (const p of problems) console.error(`  ${p}`);
  process.exit(problems.length ? 1 : 0);
}

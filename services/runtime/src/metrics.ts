/**
 * Counters for what operators watch: messages handled, dropped (with a reason), retried.
 * Exposed in Prometheus text format at `/metrics` on every process.
 */
export class Counters {
  private readonly values = new Map<string, number>();

  inc(name: string, labels: Record<string, string> = {}, by = 1): void {
    const key = `${name}${formatLabels(labels)}`;
    this.values.set(key, (this.values.get(key) ?? 0) + by);
  }

  get(name: string, labels: Record<string, string> = {}): number {
    return this.values.get(`${name}${formatLabels(labels)}`) ?? 0;
  }

  toPrometheus(): string {
    return [...this.values].map(([k, v]) => `${k} ${v}`).join('\n') + '\n';
  }
}

function formatLabels(labels: Record<string, string>): string {
  const entries = Object.entries(labels).sort(([a], [b]) => a.localeCompare(b));
  if (entries.length === 0) return '';
  return `{${entries.map(([k, v]) => `${k}="${v.replace(/["\\\n]/g, '_')}"`).join(',')}}`;
}

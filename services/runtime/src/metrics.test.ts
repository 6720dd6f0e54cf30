/**
 * The metrics as Prometheus reads them: `# HELP`/`# TYPE` lines for every known counter from
 * the first scrape, counters that code names on the fly, the latency histograms' buckets, and
 * the pending-messages gauge read at scrape time.
 */
import { describe, expect, it } from 'vitest';
import { Counters } from './metrics.ts';

describe('metrics', () => {
  it('describes every known counter with HELP and TYPE lines before anything is counted', async () => {
    const text = await new Counters().toPrometheus();
    expect(text).toContain(
      '# HELP gateway_submissions_accepted_total Form submissions stored on the bus and answered 201',
    );
    expect(text).toContain('# TYPE gateway_submissions_accepted_total counter');
    expect(text).toContain('# TYPE bus_dead_letters_total counter');
    expect(text).toMatch(/^analytics_pageviews_stored_total 0$/m);
    expect(text).toContain('# TYPE http_request_duration_seconds histogram');
    expect(text).toContain('# TYPE bus_handler_duration_seconds histogram');
    expect(text).toContain('# TYPE bus_pending_messages gauge');
  });

  it('keeps the inc(name, labels, by) call shape, for known names and new ones alike', async () => {
    const c = new Counters();
    c.inc('gateway_hits_dropped_total', { reason: 'bot' });
    c.inc('gateway_hits_dropped_total', { reason: 'bot' }, 4);
    c.inc('bus_dead_letters_total', { durable: 'crm-submissions', reason: 'invalid' });
    c.inc('inbox_messages_parsed_total', { provider: 'postmark "v2"' });
    expect(c.get('gateway_hits_dropped_total', { reason: 'bot' })).toBe(5);
    const text = await c.toPrometheus();
    expect(text).toMatch(/^gateway_hits_dropped_total\{reason="bot"\} 5$/m);
    expect(text).toMatch(/^bus_dead_letters_total\{durable="crm-submissions",reason="invalid"\} 1$/m);
    expect(text).toContain('# TYPE inbox_messages_parsed_total counter');
    expect(text).toContain('# HELP inbox_messages_parsed_total');
    expect(text).toContain('inbox_messages_parsed_total{provider="postmark \\"v2\\""} 1');
  });

  it('counts through a series resolved once exactly as through inc, and observes through a latency series', async () => {
    const c = new Counters();
    const accepted = c.series('gateway_hits_accepted_total', { kind: 'pageview' });
    accepted.inc();
    accepted.inc(2);
    c.inc('gateway_hits_accepted_total', { kind: 'pageview' });
    expect(c.get('gateway_hits_accepted_total', { kind: 'pageview' })).toBe(4);
    const pixel = c.latency('http_request_duration_seconds', {
      method: 'GET',
      route: '/api/analytics/pixel',
      status_class: '2xx',
    });
    pixel.observe(0.0004);
    pixel.observe(0.2);
    const text = await c.toPrometheus();
    expect(text).toMatch(/^gateway_hits_accepted_total\{kind="pageview"\} 4$/m);
    expect(text).toMatch(
      /^http_request_duration_seconds_count\{method="GET",route="\/api\/analytics\/pixel",status_class="2xx"\} 2$/m,
    );
  });

  it('never throws on a label the counter was not registered with; the series keeps its own labels', async () => {
    const c = new Counters();
    c.inc('gateway_logins_total', { result: 'ok', extra: 'x' });
    expect(await c.toPrometheus()).toMatch(/^gateway_logins_total\{result="ok"\} 1$/m);
  });

  it('records a route latency histogram with cumulative buckets, a sum and a count', async () => {
    const c = new Counters();
    const labels = { method: 'GET', route: '/api/blog/articles/:slug', status_class: '2xx' };
    c.observe('http_request_duration_seconds', labels, 0.02);
    c.observe('http_request_duration_seconds', labels, 0.3);
    const text = await c.toPrometheus();
    const series = 'method="GET",route="/api/blog/articles/:slug",status_class="2xx"';
    expect(text).toContain(`http_request_duration_seconds_bucket{le="0.01",${series}} 0`);
    expect(text).toContain(`http_request_duration_seconds_bucket{le="0.025",${series}} 1`);
    expect(text).toContain(`http_request_duration_seconds_bucket{le="0.5",${series}} 2`);
    expect(text).toContain(`http_request_duration_seconds_bucket{le="+Inf",${series}} 2`);
    expect(text).toContain(`http_request_duration_seconds_count{${series}} 2`);
    expect(text).toMatch(new RegExp(`http_request_duration_seconds_sum\\{${series}\\} 0\\.32`));
  });

  it('reads pending messages per durable when scraped, leaving out a source that fails', async () => {
    const c = new Counters();
    let pending = 3;
    c.readPendingFrom(async () => [{ labels: { durable: 'crm-submissions' }, value: pending }]);
    c.readPendingFrom(() => Promise.reject(new Error('NATS away')));
    expect(await c.toPrometheus()).toMatch(/^bus_pending_messages\{durable="crm-submissions"\} 3$/m);
    pending = 0;
    expect(await c.toPrometheus()).toMatch(/^bus_pending_messages\{durable="crm-submissions"\} 0$/m);
  });
});

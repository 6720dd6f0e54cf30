/**
 * The blog as visitors and staff use it, in Chromium against the real gateway and content
 * service: list, search, tags, article with related articles, not-found, the error state,
 * and the authoring round trip (create → publish → on the public site and in the sitemap →
 * edit → unpublish → gone).
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useStackAndBrowser } from '../support/fixtures.ts';

const { stack, browser } = useStackAndBrowser({ backend: 'embedded' });

async function open(path: string, viewport = { width: 1280, height: 900 }): Promise<Page> {
  const page = await browser.newPage({ viewport });
  await page.goto(`${stack.baseUrl}${path}`);
  await page.waitForSelector('html[data-ready="true"]');
  return page;
}
const cards = (page: Page) => page.getByRole('link', { name: /^Read more/ });

describe('blog list', () => {
  it('searches titles and summaries, filters by tag, and clears both', async () => {
    const page = await open('/blog');
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(await cards(page).count()).toBe(6);

    await page.getByPlaceholder('Search articles...').fill('MARKET');
    await expect.poll(() => cards(page).count()).toBeLessThan(6);
    const found = await cards(page).count();
    expect(found).toBeGreaterThan(0);

    await page.getByPlaceholder('Search articles...').fill('no such words anywhere');
    await page.getByText('No articles found matching your criteria.').waitFor();
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await expect.poll(() => cards(page).count()).toBe(6);

    const financing = page.getByRole('button', { name: 'Financing', exact: true });
    await financing.click();
    expect(await financing.getAttribute('aria-pressed')).toBe('true');
    await page.getByRole('button', { name: 'Clear filter', exact: true }).waitFor();
    const tagged = await cards(page).count();
    expect(tagged).toBeGreaterThan(0);
    expect(tagged).toBeLessThan(6);
    await financing.click(); // the active tag again turns it off
    await expect.poll(() => cards(page).count()).toBe(6);
    expect(await page.getByRole('button', { name: 'Clear filter', exact: true }).count()).toBe(0);
    await page.close();
  });

  it('says so when the articles cannot be loaded', async () => {
    const page = await open('/');
    await page.route('**/api/blog/articles', (route) => route.fulfill({ status: 500, body: 'down' }));
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Blog' }).click();
    await page.getByText('Error loading articles. Please try again later.').waitFor();
    await page.close();
  });
});

describe('blog article', () => {
  it('shows the article with its related articles and links back', async () => {
    const page = await open('/blog');
    const first = cards(page).first();
    const title = ((await first.textContent()) ?? '').replace(/^Read more:\s*/, '');
    await first.click();
    await page.getByRole('heading', { level: 1, name: title }).waitFor();
    expect(await page.getByRole('link', { name: 'Back to all articles' }).count()).toBe(2);
    const related = page
      .getByRole('region', { name: 'Related Articles' })
      .or(page.locator('section', { hasText: 'Related Articles' }));
    await related.first().waitFor();
    const relatedLinks = await related.first().getByRole('link').count();
    expect(relatedLinks).toBeGreaterThan(0);
    expect(relatedLinks).toBeLessThanOrEqual(6); // ≤ 3 articles, each with at most a title and a 'Read more' link
    await page.getByRole('link', { name: 'Back to all articles' }).first().click();
    await page.waitForURL(`${stack.baseUrl}/blog`);
    await page.close();
  });

  it('answers a missing article with a 404 page that leads back to the list', async () => {
    const page = await browser.newPage();
    const res = await page.goto(`${stack.baseUrl}/blog/no-such-article`);
    expect(res?.status()).toBe(404);
    await page.getByRole('heading', { name: 'Article Not Found' }).waitFor();
    await page.getByText("The article you're looking for could not be found.").waitFor();
    await page.waitForSelector('html[data-ready="true"]');
    await page.getByRole('link', { name: 'Browse All Articles' }).click();
    await page.waitForURL(`${stack.baseUrl}/blog`);
    await page.close();
  });
});

describe('authoring', () => {
  it('creates, publishes, edits and unpublishes an article, and the public site follows', async () => {
    const page = await open('/marketing');
    await page.getByLabel('Username').fill(stack.admin.username);
    await page.getByLabel('Password').fill(stack.admin.password);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Blog' }).click();
    await page
      .getByRole('link', { name: 'New article' })
      .or(page.getByRole('button', { name: 'New article' }))
      .first()
      .click();

    await page.getByLabel(/^Title/).fill('Wind and Sun: Orienting a Home on a Lake Powell Lot');
    await page
      .getByLabel(/^Summary/)
      .fill('How to place a house on a high-desert lot for views, shade and winter sun.');
    await page.getByLabel(/^Tags/).fill('Building, Lots');
    await page
      .getByLabel(/^Content \(Markdown\)/)
      .fill(
        '## Start with the sun\n\nFace the main rooms **north-east** toward the lake and shade the west wall.\n\n<script>alert(1)</script>',
      );
    await page.getByRole('region', { name: 'Preview' }).getByRole('heading', { name: 'Start with the sun' }).waitFor();
    await page.getByRole('button', { name: 'Save draft' }).click();
    await page.waitForURL(/\/marketing\/blog\/\d+$/);
    await expect
      .poll(() => page.getByLabel(/^Slug/).inputValue(), { timeout: 5000 })
      .toBe('wind-and-sun-orienting-a-home-on-a-lake-powell-lot');
    const slug = await page.getByLabel(/^Slug/).inputValue();

    expect((await stack.api(`/blog/${slug}`)).status).toBe(404); // a draft is not public
    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    await page.getByRole('button', { name: 'Unpublish', exact: true }).waitFor();

    const published = await stack.api(`/blog/${slug}`);
    expect(published.status).toBe(200);
    const html = await published.text();
    expect(html).toContain('<title>Wind and Sun: Orienting a Home on a Lake Powell Lot | Lake Powell Lots</title>');
    expect(html).toContain('"@type":"BlogPosting"');
    expect(html).toContain(`<link rel="canonical" href="https://lakepowelllots.com/blog/${slug}" />`);
    expect(html).toContain('<meta property="og:type" content="article" />');
    expect(html).toContain('content="How to place a house on a high-desert lot for views, shade and winter sun."');
    expect(html).toContain('Face the main rooms <strong>north-east</strong>');
    expect(html).not.toContain('<script>alert(1)</script>');
    expect(await (await stack.api('/sitemap.xml')).text()).toContain(`/blog/${slug}</loc>`);

    await page.getByLabel(/^Title/).fill('Wind, Sun and Views: Orienting a Home on a Lake Powell Lot');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText('Article saved').waitFor();
    const visitor = await open(`/blog/${slug}`);
    await visitor
      .getByRole('heading', { level: 1, name: 'Wind, Sun and Views: Orienting a Home on a Lake Powell Lot' })
      .waitFor();
    await visitor.close();

    // After a reload the bearer token (kept in memory) is gone: this write rides on the session
    // cookie alone, so it must pass the same-origin check the gateway applies to cookie writes.
    await page.reload();
    await page.getByRole('button', { name: 'Unpublish', exact: true }).click();
    await page.getByRole('button', { name: 'Publish', exact: true }).waitFor();
    expect((await stack.api(`/blog/${slug}`)).status).toBe(404);
    expect(await (await stack.api('/sitemap.xml')).text()).not.toContain(`/blog/${slug}</loc>`);
    await page.close();
  });
});

import { describe, expect, it } from 'vitest';
import { countReadTime, countWords, WORDS_PER_MINUTE } from './count-read-time.ts';

const words = (n: number) => Array.from({ length: n }, (_, i) => `word${i}`).join(' ');

describe('read time', () => {
  it('counts words of the text, not of the markup or entities', () => {
    expect(countWords('<p>Lots <a href="/x">near</a> the&nbsp;lake &amp; more</p>')).toBe(5);
    expect(countWords('<p>one</p><img src="/a.png" alt="" /><p>two — three</p>')).toBe(3);
  });

  it('is at least one minute and rounds up', () => {
    expect(countReadTime('')).toBe(1);
    expect(countReadTime(`<p>${words(10)}</p>`)).toBe(1);
    expect(countReadTime(`<p>${words(WORDS_PER_MINUTE)}</p>`)).toBe(1);
    expect(countReadTime(`<p>${words(WORDS_PER_MINUTE + 1)}</p>`)).toBe(2);
    expect(countReadTime(`<p>${words(WORDS_PER_MINUTE * 4)}</p>`)).toBe(4);
  });

  it('counts in linear time whatever the HTML: 100,000 unclosed "<pre" or "<"', () => {
    // The old patterns rescanned to the end from each one: minutes.
    expect(countWords('<pre '.repeat(100_000))).toBe(100_000);
    expect(countWords(`${'<'.repeat(100_000)}x`)).toBe(1);
  }, 2_000);
});

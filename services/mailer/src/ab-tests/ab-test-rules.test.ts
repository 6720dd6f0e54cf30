import { describe, expect, it } from 'vitest';
import { abGroupSize, abWinnerOf, variantMessage } from './ab-test-rules.ts';

describe('abGroupSize', () => {
  it('gives each variant its share of the audience, rounded', () => {
    expect(abGroupSize(1000, 10)).toBe(100);
    expect(abGroupSize(1000, 25)).toBe(250);
    expect(abGroupSize(33, 20)).toBe(7);
  });
  it('gives each variant at least one recipient once there are two', () => {
    expect(abGroupSize(2, 5)).toBe(1);
    expect(abGroupSize(10, 5)).toBe(1);
  });
  it('never gives the two groups more than the audience', () => {
    expect(abGroupSize(3, 50)).toBe(1);
    expect(abGroupSize(101, 50)).toBe(50);
  });
  it('sends no test to an audience of one or none', () => {
    expect(abGroupSize(1, 50)).toBe(0);
    expect(abGroupSize(0, 10)).toBe(0);
  });
});

describe('abWinnerOf', () => {
  const t = (delivered: number, uniqueOpens: number, uniqueClicks = 0) => ({ delivered, uniqueOpens, uniqueClicks });
  it('picks the variant more people opened', () => {
    expect(abWinnerOf('opens', t(100, 10), t(100, 20))).toBe('b');
    expect(abWinnerOf('opens', t(100, 30), t(100, 20))).toBe('a');
  });
  it('picks by clicks when asked, whatever the opens', () => {
    expect(abWinnerOf('clicks', t(100, 90, 1), t(100, 10, 5))).toBe('b');
  });
  it('gives a tie to A', () => {
    expect(abWinnerOf('opens', t(100, 20), t(100, 20))).toBe('a');
    expect(abWinnerOf('clicks', t(0, 0), t(0, 0))).toBe('a');
  });
  it('compares rates of delivered messages, not counts', () => {
    // B had fewer delivered (bounces) but a higher share of them opened.
    expect(abWinnerOf('opens', t(100, 20), t(50, 15))).toBe('b');
  });
});

describe('variantMessage', () => {
  const a = { subject: 'A subject', content: '<p>A</p>' };
  it('sends A as it is', () => {
    expect(variantMessage('a', a, { variantB: { subject: 'B', content: '' } })).toEqual(a);
  });
  it('sends B with its subject and A’s content when it has none of its own', () => {
    expect(variantMessage('b', a, { variantB: { subject: 'B', content: '' } })).toEqual({
      subject: 'B',
      content: '<p>A</p>',
    });
  });
  it('sends B’s own content when it has one', () => {
    expect(variantMessage('b', a, { variantB: { subject: 'B', content: '<p>B</p>' } })).toEqual({
      subject: 'B',
      content: '<p>B</p>',
    });
  });
});

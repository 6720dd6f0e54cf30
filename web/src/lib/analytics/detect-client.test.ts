import { describe, expect, it } from 'vitest';
import { detectBrowser, detectDeviceType } from './detect-client';

const UA = {
  chrome: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36',
  edge: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36 Edg/126.0',
  safari:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
  firefox: 'Mozilla/5.0 (X11; Linux x86_64; rv:127.0) Gecko/20100101 Firefox/127.0',
  ie: 'Mozilla/5.0 (Windows NT 10.0; Trident/7.0; rv:11.0) like Gecko',
  legacyEdge: 'Mozilla/5.0 (Windows NT 10.0) AppleWebKit/537.36 (KHTML, like Gecko) Edge/18.19041',
  opera: 'Opera/9.80 (Windows NT 6.1) Presto/2.12.388 Version/12.18',
  iphone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  ipad: 'Mozilla/5.0 (iPad; CPU OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  androidPhone:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36',
  androidTablet:
    'Mozilla/5.0 (Linux; Android 13; SM-X200) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36',
};

describe('detectBrowser (spec order: Chrome, Safari, Firefox, IE, Edge, Opera)', () => {
  it.each([
    ['chrome', 'Chrome'],
    ['safari', 'Safari'],
    ['firefox', 'Firefox'],
    ['ie', 'Internet Explorer'],
    ['legacyEdge', 'Edge'],
    ['opera', 'Opera'],
  ] as const)('%s → %s', (ua, name) => expect(detectBrowser(UA[ua])).toBe(name));

  it('reports Chromium Edge as Chrome, because Chrome is checked first', () => {
    expect(detectBrowser(UA.edge)).toBe('Chrome');
  });

  it('falls back to Unknown', () => {
    expect(detectBrowser('curl/8.5')).toBe('Unknown');
  });
});

describe('detectDeviceType', () => {
  it.each([
    ['iphone', 'mobile'],
    ['androidPhone', 'mobile'],
    ['ipad', 'tablet'],
    ['androidTablet', 'tablet'],
    ['chrome', 'desktop'],
    ['firefox', 'desktop'],
  ] as const)('%s → %s', (ua, type) => expect(detectDeviceType(UA[ua])).toBe(type));
});

/** Which campaign messages a reply's headers name, in the order they are tried. */
import { describe, expect, it } from 'vitest';
import { campaignMessageIds } from './find-replied-delivery.ts';

describe('campaignMessageIds', () => {
  it('reads In-Reply-To first, then References newest first, with or without angle brackets', () => {
    expect(
      campaignMessageIds('<d7.c3@mail.lakepowell.test>', [
        'd1.c2@mail.lakepowell.test',
        '<abc@gmail.com>',
        'd5.c3@x.test',
      ]),
    ).toEqual([
      { deliveryId: 7, campaignId: 3 },
      { deliveryId: 5, campaignId: 3 },
      { deliveryId: 1, campaignId: 2 },
    ]);
  });
  it('names nothing for ordinary Message-IDs', () => {
    expect(campaignMessageIds('<CAB1234@mail.gmail.com>', ['<d7c3@example.com>', 'dx.c3@example.com'])).toEqual([]);
    expect(campaignMessageIds(null, [])).toEqual([]);
  });
});

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
      { deliveryId: 7, campaignId: 3, token: null },
      { deliveryId: 5, campaignId: 3, token: null },
      { deliveryId: 1, campaignId: 2, token: null },
    ]);
  });
  it("reads the campaign's token where the id carries one, as every message sent now does", () => {
    const token = '0f'.repeat(16);
    expect(campaignMessageIds(`<${token}.d7.c3@lakepowelllots.com>`, [`${token.toUpperCase()}.d6.c3@x.test`])).toEqual([
      { deliveryId: 7, campaignId: 3, token },
      { deliveryId: 6, campaignId: 3, token },
    ]);
    // Not a token: another system's id that happens to end like ours.
    expect(campaignMessageIds('<abc.d7.c3@example.com>', [])).toEqual([]);
  });
  it('names nothing for ordinary Message-IDs', () => {
    expect(campaignMessageIds('<CAB1234@mail.gmail.com>', ['<d7c3@example.com>', 'dx.c3@example.com'])).toEqual([]);
    expect(campaignMessageIds(null, [])).toEqual([]);
  });
});

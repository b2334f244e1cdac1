import { describe, expect, it } from 'vitest';
import type { CompanyConfig } from '@portal/shared/company-config';
import { socialLinks } from './social-links';

const config = (social_media: unknown) => ({ social_media }) as Pick<CompanyConfig, 'social_media'>;

describe('socialLinks', () => {
  it('keeps configured {site, link} entries in order', () => {
    expect(
      socialLinks(
        config([
          { site: 'facebook', link: 'https://facebook.com/splash' },
          { site: 'youtube', link: 'https://youtube.com/@splash' },
        ]),
      ),
    ).toEqual([
      { site: 'facebook', link: 'https://facebook.com/splash' },
      { site: 'youtube', link: 'https://youtube.com/@splash' },
    ]);
  });

  it('accepts the D1 short codes as aliases (X6)', () => {
    expect(socialLinks(config({ FB: 'https://facebook.com/a', XT: 'https://x.com/a', LI: '' }))).toEqual([
      { site: 'facebook', link: 'https://facebook.com/a' },
      { site: 'x', link: 'https://x.com/a' },
    ]);
  });

  it('drops empty, unknown and non-http links', () => {
    expect(
      socialLinks(
        config([
          { site: 'instagram', link: '' },
          { site: 'myspace', link: 'https://myspace.com/a' },
          { site: 'tiktok', link: 'javascript:alert(1)' },
          { site: 'pinterest', link: 'https://pinterest.com/a' },
        ]),
      ),
    ).toEqual([{ site: 'pinterest', link: 'https://pinterest.com/a' }]);
  });

  it('answers an empty list when nothing is configured', () => {
    expect(socialLinks(config(undefined))).toEqual([]);
  });
});

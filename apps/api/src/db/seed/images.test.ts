import { describe, expect, it } from 'vitest';
import { planImages, svgFor } from './images';

describe('seed images', () => {
  it('draws avatars without letters: one shared picture must not show someone else initials', () => {
    const plan = planImages();
    const avatars = plan.specs.filter((spec) => spec.kind === 'avatar');
    expect(avatars.length).toBeGreaterThan(0);
    for (const avatar of avatars) expect(svgFor(avatar)).not.toContain('<text');
    // Banners keep their titles.
    const banner = plan.specs.find((spec) => spec.kind === 'banner');
    expect(svgFor(banner!)).toContain('<text');
  });
});

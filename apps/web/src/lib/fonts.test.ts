import { describe, expect, it } from 'vitest';
import { FONT_SET, findFont } from '@portal/shared/fonts';
import { fontFor } from './fonts';

describe('fontFor (C3, C4)', () => {
  it('defaults to Inter, which ships with the app and loads nothing more', () => {
    expect(fontFor(undefined)).toMatchObject({ family: "'Inter Variable'", load: null });
    expect(fontFor('')).toMatchObject({ family: "'Inter Variable'", load: null });
    expect(fontFor('inter').load).toBeNull();
  });

  it("maps 'monsterrat' in any case to the self-hosted Montserrat", () => {
    for (const name of ['monsterrat', 'Monsterrat', 'MONSTERRAT', 'Montserrat']) {
      const font = fontFor(name);
      expect(font.family).toBe("'Montserrat Variable'");
      expect(font.load).toBeTypeOf('function');
    }
  });

  it('gives every other font of the set its own loader and family, whatever the case and spacing', () => {
    for (const name of FONT_SET.filter((f) => f !== 'Inter')) {
      const font = fontFor(`  ${name.toUpperCase()} `);
      expect(font.family).toContain(name);
      expect(font.load).toBeTypeOf('function');
    }
    expect(fontFor('open   sans').family).toBe("'Open Sans Variable'");
  });

  it('draws a font outside the set in Inter instead of naming a font the browser does not have', () => {
    expect(fontFor('Comic Sans MS')).toMatchObject({ family: "'Inter Variable'", load: null });
    expect(findFont('Comic Sans MS')).toBeNull();
  });

  it('loads a font of the set when asked', async () => {
    await expect(fontFor('Roboto').load!()).resolves.toBeDefined();
    await expect(fontFor('Lato').load!()).resolves.toHaveLength(2);
  });
});

import { i18n } from '@lingui/core';
import { afterEach, describe, expect, it } from 'vitest';
import { compiledCatalogues, literals, part, partModule } from '../../../scripts/catalogue-parts';
import { activateLocale, catalogueCovers, wholeCatalogue } from '../../../src/lib/i18n';

describe("a screen's part of the catalogue (the build)", () => {
  it('finds every quoted literal of minified code, whatever quotes come before', () => {
    // An empty template literal before an id once shifted the pairing of every quote after it.
    const code = 'x=e??``,i(e??``))},[e]),n({id:`A1taO8`,values:{}}),t({id:"+0eqmb"}),m({id:\'dd2n/x\'})';
    const found = literals(code);
    for (const id of ['A1taO8', '+0eqmb', 'dd2n/x']) expect(found.has(id)).toBe(true);
  });

  it("keeps the messages a screen's code names, in every language, as a module the console imports", async () => {
    const whole = await compiledCatalogues();
    expect(Object.keys(whole).sort()).toEqual(['en', 'es', 'ja', 'zh']);
    const ids = Object.keys(whole.es ?? {});
    expect(ids.length).toBeGreaterThan(500);
    const named = new Set([ids[0] as string, ids[1] as string, 'notAnId']);
    const messages = part(whole.es ?? {}, named);
    expect(Object.keys(messages)).toEqual([ids[0], ids[1]]);
    const { fileName, source } = partModule('es', '/web/book', messages);
    expect(fileName).toMatch(/^assets\/catalogue-es-web-book-[\w-]{8}\.js$/);
    const module = (await import(`data:text/javascript,${encodeURIComponent(source)}`)) as { default: unknown };
    expect(module.default).toEqual(messages);
  });
});

describe("the console's messages on a cold start (src/lib/i18n.ts)", () => {
  afterEach(() => document.getElementById('lectern-boot')?.remove());

  /** index.html's boot data naming a part for a screen (/web/book), written as the build writes it. */
  async function bootWithPart(ids: string[], screen = '/web/book') {
    const whole = await compiledCatalogues();
    const named = new Set(ids);
    const { source } = partModule('es', screen, part(whole.es ?? {}, named));
    const data = document.createElement('script');
    data.type = 'application/json';
    data.id = 'lectern-boot';
    // The module itself, as a URL the import can take (the build names a file under assets/).
    data.textContent = JSON.stringify({
      catalogues: { es: { [screen]: `data:text/javascript,${encodeURIComponent(source)}` } },
    });
    document.head.append(data);
    return whole.es ?? {};
  }

  it('loads only the part for its screen, then the whole quietly when another screen needs it', async () => {
    const whole = await bootWithPart([]);
    const [inPart, outside] = Object.keys(whole).filter(
      (id) => typeof whole[id] === 'string' || Array.isArray(whole[id]),
    );
    document.getElementById('lectern-boot')?.remove();
    await bootWithPart([inPart as string]);
    await activateLocale('es', '/web/book/');
    expect(Object.keys(i18n.messages)).toEqual([inPart]);
    expect(catalogueCovers('/web/book')).toBe(true);
    expect(catalogueCovers('/web/category')).toBe(false);

    let changes = 0;
    const off = i18n.on('change', () => changes++);
    await wholeCatalogue();
    off();
    expect(changes).toBe(0);
    expect(Object.keys(i18n.messages).length).toBe(Object.keys(whole).length);
    expect(i18n.messages[outside as string]).toEqual(whole[outside as string]);
    expect(catalogueCovers('/web/category')).toBe(true);
  });

  it('draws again when a message was asked for before the whole catalogue came', async () => {
    const whole = await bootWithPart([]);
    const [inPart, outside] = Object.keys(whole);
    document.getElementById('lectern-boot')?.remove();
    await bootWithPart([inPart as string]);
    await activateLocale('es', '/web/book');
    expect(i18n._(outside as string)).toBe(outside);
    let changes = 0;
    const off = i18n.on('change', () => changes++);
    await wholeCatalogue();
    off();
    expect(changes).toBe(1);
    expect(i18n._(outside as string)).not.toBe(outside);
  });

  it("finds a record page's part by its route's path, for any record of that noun only", async () => {
    const whole = await bootWithPart([]);
    const [inPart] = Object.keys(whole);
    document.getElementById('lectern-boot')?.remove();
    await bootWithPart([inPart as string], '/web/video/$id');
    await activateLocale('es', '/web/video/42');
    expect(Object.keys(i18n.messages)).toEqual([inPart]);
    expect(catalogueCovers('/web/video/7')).toBe(true);
    expect(catalogueCovers('/web/video')).toBe(false);
    expect(catalogueCovers('/web/book/42')).toBe(false);
    expect(catalogueCovers('/web/video/42/more')).toBe(false);
  });

  it('loads the whole catalogue when the screen has no part, and on a change of language', async () => {
    await bootWithPart([]);
    await activateLocale('es', '/web/book/1');
    expect(catalogueCovers('/web/category')).toBe(true);
    expect(Object.keys(i18n.messages).length).toBeGreaterThan(500);
    await activateLocale('es');
    expect(Object.keys(i18n.messages).length).toBeGreaterThan(500);
  });
});

import { describe, expect, it } from 'vitest';
import { call, json } from './helpers.ts';

const HENGDAO = 'VBBV-VBBV-VHHV-VSSV-S..S';
const ours = (path: string) => encodeURIComponent(`http://huarong.test${path}`);

describe('GET /oembed', () => {
  it('answers a rich type with an iframe to /embed/<code>, within maxwidth/maxheight', async () => {
    const res = await call(`/oembed?url=${ours(`/s/${HENGDAO}?metric=step`)}&maxwidth=300&maxheight=400&format=json`);
    expect(res.status).toBe(200);
    const body = await json(res);
    for (const field of ['version', 'type', 'html', 'width', 'height', 'title', 'provider_name', 'thumbnail_url', 'thumbnail_width', 'thumbnail_height']) {
      expect(body, field).toHaveProperty(field);
    }
    expect(body.version).toBe('1.0');
    expect(body.type).toBe('rich');
    expect(body.width).toBeLessThanOrEqual(300);
    expect(body.height).toBeLessThanOrEqual(400);
    expect(body.html).toMatch(new RegExp(`^<iframe src="http://huarong.test/embed/${HENGDAO.replace(/\./g, '\\.')}\\?metric=step" width="${body.width}" height="${body.height}"`));
    // The link-preview PNG: many previewers show no SVG.
    expect([body.thumbnail_url, body.thumbnail_width, body.thumbnail_height]).toEqual([`http://huarong.test/img/${HENGDAO}.png`, 1200, 630]);
    const thumb = await call(`/img/${HENGDAO}.png`);
    expect([thumb.status, thumb.headers.get('Content-Type')]).toEqual([200, 'image/png']);
  });

  it('titles a named layout by its name, any other by its code', async () => {
    const named = await json(await call(`/oembed?url=${ours(`/s/${HENGDAO}`)}`));
    expect(named.title).toBe('横刀立马');
    expect(named.html).toContain('title="横刀立马"');
    const byCommonCode = await json(await call(`/oembed?url=${ours('/embed/1A9BF0C')}`));
    expect(byCommonCode.title).toBe('横刀立马');
    const unnamed = await json(await call(`/oembed?url=${ours('/s/BB.-BB.-...')}`));
    expect(unnamed.title).toBe('华容道 BB.-BB.-...');
    const tiles = await json(await call(`/oembed?url=${ours('/s/867-254-3.1')}`));
    expect(tiles.title).toBe('数字华容道 867-254-3.1');
    expect(tiles.thumbnail_url).toBe('http://huarong.test/img/867-254-3.1.png');
  });

  it('accepts /embed/ URLs and CommonCodes, and uses a default size', async () => {
    const body = await json(await call(`/oembed?url=${ours('/embed/1A9BF0C')}`));
    expect(body.html).toContain(`/embed/${HENGDAO}`);
    expect(body.width).toBe(360);
    expect(body.height).toBe(560);
  });

  it('keeps a link\'s goal (a goal drawing) in the iframe, and refuses a goal that does not fit the board', async () => {
    const MAS = 'IIILL-HHHHL-MHHHH-MMJJJ-..S..';
    const drawing = '...LL-...ML-...MM-.....-.....';
    const body = await json(await call(`/oembed?url=${ours(`/s/${MAS}?goal=${drawing}&metric=straight`)}`));
    expect(body.html).toContain(`src="http://huarong.test/embed/${MAS}?metric=straight&amp;goal=${drawing}"`);
    const piece = await json(await call(`/oembed?url=${ours(`/embed/${HENGDAO}?goal=${encodeURIComponent('B@3,0')}`)}`));
    expect(piece.html).toContain(`/embed/${HENGDAO}?goal=B%403%2C0"`);
    expect((await call(`/oembed?url=${ours(`/s/${MAS}?goal=...LL-...ML`)}`)).status).toBe(404);
    expect((await call(`/oembed?url=${ours(`/s/${HENGDAO}?goal=Q@0,0`)}`)).status).toBe(404);
  });

  it('404 for URLs that are not ours or not a valid layout; 501 for xml', async () => {
    expect((await call(`/oembed?url=${encodeURIComponent(`https://elsewhere.example/s/${HENGDAO}`)}`)).status).toBe(404);
    expect((await call(`/oembed?url=${ours('/s/VBBV-XX')}`)).status).toBe(404);
    expect((await call(`/oembed?url=${ours('/layouts/')}`)).status).toBe(404);
    const missing = await call('/oembed');
    expect(missing.status).toBe(400);
    expect((await json(missing)).error).toMatchObject({ code: 'invalid-query', message: expect.stringMatching(/^url is required: give the link of a page of this site, such as http:\/\/huarong\.test\/s\//) });
    const xml = await call(`/oembed?url=${ours(`/s/${HENGDAO}`)}&format=xml`);
    expect(xml.status).toBe(501);
    expect((await json(xml)).error.code).toBe('format-not-implemented');
  });
});

describe('/embed/ with no code', () => {
  it('is a 404 page that says how to use the address (the page script writes it in the reader\'s language)', async () => {
    for (const path of ['/embed/', '/embed']) {
      const res = await call(path, { headers: { Accept: 'text/html' } });
      expect(res.status, path).toBe(404);
      expect(res.headers.get('Content-Type')).toContain('text/html');
      const html = await res.text();
      // Both languages: the page script shows the frame's.
      expect(html).toMatch(/<title data-en="Embed a 华容道 solution: \/embed\/<code> — Huarong" data-zh="嵌入华容道解答：\/embed\/<布局代码> — Huarong">Embed a 华容道 solution: \/embed\/&lt;code&gt; — Huarong<\/title>/);
      expect(html).toMatch(/<div id="player" hidden/);
    }
    // ?lang=zh: in Chinese from the start.
    expect(await (await call('/embed/?lang=zh', { headers: { Accept: 'text/html' } })).text()).toContain('>嵌入华容道解答：/embed/&lt;布局代码&gt; — Huarong</title>');
  });

  it('answers a client that asks for JSON in the API\'s error shape, with an example', async () => {
    const res = await call('/embed/', { headers: { Accept: 'application/json' } });
    expect(res.status).toBe(404);
    expect(res.headers.get('Vary')).toContain('Accept');
    expect((await json(res)).error).toEqual({ code: 'no-layout', message: `put a layout code after /embed/, e.g. http://huarong.test/embed/${HENGDAO}; options and the iframe snippet: /docs/#iframe` });
  });
});

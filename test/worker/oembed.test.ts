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
    expect(body.thumbnail_url).toBe(`http://huarong.test/img/${HENGDAO}.svg`);
  });

  it('accepts /embed/ URLs and CommonCodes, and uses a default size', async () => {
    const body = await json(await call(`/oembed?url=${ours('/embed/1A9BF0C')}`));
    expect(body.html).toContain(`/embed/${HENGDAO}`);
    expect(body.width).toBe(360);
    expect(body.height).toBe(560);
  });

  it('404 for URLs that are not ours or not a valid layout; 501 for xml', async () => {
    expect((await call(`/oembed?url=${encodeURIComponent(`https://elsewhere.example/s/${HENGDAO}`)}`)).status).toBe(404);
    expect((await call(`/oembed?url=${ours('/s/VBBV-XX')}`)).status).toBe(404);
    expect((await call(`/oembed?url=${ours('/layouts/')}`)).status).toBe(404);
    expect((await call('/oembed')).status).toBe(404);
    const xml = await call(`/oembed?url=${ours(`/s/${HENGDAO}`)}&format=xml`);
    expect(xml.status).toBe(501);
    expect((await json(xml)).error.code).toBe('format-not-implemented');
  });
});

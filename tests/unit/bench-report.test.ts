import { describe, expect, it } from 'vitest';
import { analyseHtml, staticImports } from '../../bench/lib/html.mjs';
import { report } from '../../bench/lib/report.mjs';

describe('the benchmark reads what a page carries', () => {
  const props = 'props="{&quot;label&quot;:[0,&quot;Menu&quot;]}"';
  const html = [
    '<html><body><main>',
    `<astro-island uid="a" component-url="/_astro/form.js" client="visible" opts="{&quot;name&quot;:&quot;ConsultationForm&quot;,&quot;value&quot;:true}" ${props}><form></form></astro-island>`,
    '<script type="application/ld+json">{"@type":"Organization"}</script>',
    '<script type="application/json" id="data">{"a":1}</script>',
    '<script>self.__next_f.push([1,"x"])</script>',
    '<script type="module">console.log(1)</script>',
    '<script type="module" src="/_astro/page.js"></script>',
    '</main></body></html>',
  ].join('');

  it('counts island props and framework data, not JSON-LD', () => {
    const result = analyseHtml(html);
    expect(result.propsBytes).toBe(Buffer.byteLength(` ${props}`));
    expect(result.frameworkDataBytes).toBe(
      Buffer.byteLength('<script type="application/json" id="data">{"a":1}</script>') +
        Buffer.byteLength('<script>self.__next_f.push([1,"x"])</script>'),
    );
    expect(result.inlineScriptBytes).toBe(Buffer.byteLength('console.log(1)'));
    expect(result.dataShare).toBeCloseTo(
      (result.propsBytes + result.frameworkDataBytes) / Buffer.byteLength(html),
    );
    expect(result.islands).toEqual([
      { name: 'ConsultationForm', client: 'visible', propsBytes: result.propsBytes },
    ]);
  });

  it('follows static imports only', () => {
    const source =
      'import{j as e}from"./jsx-runtime.A1.js";import"./side.B2.js";export{x}from"../y.C3.js";' +
      'const l=()=>import("./lazy.D4.js");import{z}from"react";';
    expect(staticImports(source, 'http://h/_astro/sub/form.js').sort()).toEqual([
      'http://h/_astro/sub/jsx-runtime.A1.js',
      'http://h/_astro/sub/side.B2.js',
      'http://h/_astro/y.C3.js',
    ]);
  });
});

describe('the benchmark report', () => {
  const kinds = (js: number, html: number) => ({
    html,
    js,
    css: 10,
    fonts: 20,
    images: 0,
    other: 0,
  });
  const bytes = (js: number, html: number) => ({
    atLoad: kinds(js, html),
    scrolled: kinds(js, html),
    scripts: [],
    ...analyseHtml('<html></html>'),
  });
  const results = {
    date: '2026-11-27T16:31:00.000Z',
    mode: { quick: true, runs: 1, loadSeconds: 3, languages: ['ru'], skipped: ['phone'] },
    machine: {
      cpus: 2,
      loadAverage: 1,
      loadAverages: { bytes: 1.5 },
      node: 'v24.0.0',
      chromium: 'Chromium 156',
      lighthouse: '12.8.2',
      astro: '7.3.5',
      next: '16.4.6',
    },
    throttling: {
      width: 375,
      height: 740,
      downloadBytesPerSecond: 209715.2,
      uploadBytesPerSecond: 96000,
      latencyMs: 150,
      cpuSlowdown: 4,
      tapEveryMs: 250,
    },
    build: { seconds: null },
    pages: [
      { type: 'home', lang: 'ru', path: '/ru', url: 'http://x/ru', status: 200 },
      {
        type: 'article',
        reading: true,
        lang: 'ru',
        path: '/ru/blog/a',
        url: 'http://x/ru/blog/a',
        status: 200,
      },
      {
        type: 'calculator',
        lang: 'ru',
        path: '/ru/calculator',
        url: 'http://x/ru/calculator',
        status: 404,
      },
    ],
    bytes: {
      pages: { '/ru': bytes(50, 23), '/ru/blog/a': bytes(25, 9) },
      bare: { astro: bytes(0, 0.3) },
      form: { missing: 'no form field' },
    },
    lighthouse: { error: 'Chromium crashed' },
    phone: { skipped: true },
    load: { skipped: true },
    forms: { skipped: true },
  };

  it('marks each figure against its budget and says what was not measured', () => {
    const markdown = report(results);
    expect(markdown).toContain('`/ru/calculator` (404)');
    expect(markdown).toMatch(/\| home \| ru \| 50\.0 \(50\.0\) \/ 90 ✅ \| 23\.0 \/ 22 ❌ \|/);
    expect(markdown).toMatch(/\| article \| ru \| 25\.0 \(25\.0\) \/ 20 ❌ \|/);
    expect(markdown).toContain('Lighthouse: not measured: Chromium crashed.');
    expect(markdown).toContain('The throttled phone: not measured (skipped).');
    expect(markdown).toContain("The consultation form's code: not measured (no form field).");
  });
});

// page_scale.mjs — the page's frame work at every machine size it accepts, printed as numbers
// (a benchmark, not a test: it exits 0 whatever it measures). For each case it opens the page
// on a link, lets it run 2 s (start-up: font atlas, shaders, V8's tiers), then reads 4 s of
// frames: frameStats() (the page's own work per frame: simulation within its budget + UI
// building + draw-list submission) and frameParts() (the same split in three), and prints
// median and p95 of each. Headless Chromium with SwiftShader WebGL, 1280×800, as
// tests/browser/test_page.mjs. Compare the numbers in one session, alternating builds: the
// machine is shared and noisy.
//   usage: node tests/browser/page_scale.mjs --site build-web/site [--only SUBSTRING] [--seconds S]
//          [--slow] [--warmup W]
//          (S: the measured span, 4 s unless given; longer spans, up to the 240 frames the page
//          keeps, steady the p95 on a loaded machine; --slow also lists the frames at or above
//          the p95 of work: their index among the measured frames and their sim / build / submit,
//          to tell a periodic cost from a scattered one, and the machine's load average; W: the
//          start-up left out before measuring, 2 s unless given)
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { serveStatic } from '../../scripts/serve-static.mjs';

const arg = (k, d) => { const i = process.argv.indexOf(k); return i > 0 ? process.argv[i + 1] : d; };
const site = arg('--site', 'build-web/site');
const only = arg('--only', '');
const seconds = Number(arg('--seconds', '4'));
const slow = process.argv.includes('--slow');
const warmup = Number(arg('--warmup', '2'));
if (!fs.existsSync(path.join(site, 'index.html'))) { console.error(`page_scale: no ${site}/index.html (run scripts/build-web)`); process.exit(2); }

const busy = (n) => `size=${n}x${n}&arrival=poisson:${(n * n / 2000).toFixed(3)}&job_size=uniform:1-${Math.max(4, n >> 3)}&jobs=1000000`;
const cases = [];
for (const n of [128, 256, 512, 1024]) {
  cases.push({ name: `Run ${n}x${n}, traffic overlay`, link: busy(n) + '&pattern=random' });
  cases.push({ name: `Run ${n}x${n}, no network`, link: busy(n) });
}
for (const n of [512, 1024]) cases.push({ name: `Compare x4 ${n}x${n}`, link: busy(n), compare: 'ff,bf,mbs,random' });
// 3D machines in both views of the Mesh window (layers side by side, the orbitable 3D view):
// the 16x16x16 torus of tests/browser (~100 jobs), a 32x32x32 mesh under a Poisson stream
// (50-65% busy) and the same mesh filled by a batch (about 80% busy, then draining)
const cube = [['16x16x16 torus', 'size=16x16x16&topology=torus&strategy=ff3d&arrival=poisson:0.5&job_size=uniform:1-5&jobs=100000'],
              ['32x32x32', 'size=32x32x32&strategy=ff3d&arrival=poisson:2&job_size=uniform:1-8&jobs=100000'],
              ['32x32x32 batch', 'size=32x32x32&strategy=ff3d&arrival=batch&job_size=uniform:1-8&jobs=100000']];
for (const [name, link] of cube)
  for (const view of ['layers', '3d']) cases.push({ name: `${name} ${view === '3d' ? '3D' : 'layers'}`, link, view });

const q = (a, p) => { if (!a.length) return NaN; const s = [...a].sort((x, y) => x - y); return s[Math.min(s.length - 1, Math.floor(p * s.length))]; };
const server = await serveStatic(site, 0);
const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'alloclab-scale-'));
const ctx = await chromium.launchPersistentContext(profile, {
  executablePath: '/usr/bin/chromium', headless: true, viewport: { width: 1280, height: 800 },
  args: ['--no-sandbox', '--disable-background-networking', '--disable-component-update', '--disable-sync',
         '--no-first-run', '--disable-quic', '--use-angle=swiftshader', '--enable-unsafe-swiftshader'],
});
console.log(`page_scale: frame work per frame in ms, median / p95 over ${seconds} s after ${warmup} s of start-up`);
console.log('case                              frames   work med / p95      sim med / p95     build med / p95    submit med / p95');
try {
  for (const c of cases) {
    if (only && !c.name.includes(only)) continue;
    const page = await ctx.newPage();
    await page.goto(`${server.url}index.html#${c.link}`);
    await page.waitForFunction(() => window.alloclab && window.alloclab.ready === true, null, { timeout: 60000 });
    if (c.compare) {
      await page.evaluate(() => window.alloclab.command('setMode', 'Compare'));
      await page.evaluate((ids) => window.alloclab.command('compare', ids), c.compare);
    }
    if (c.view) await page.evaluate((v) => window.alloclab.command('meshView', v), c.view);
    await page.waitForTimeout(1000 * warmup);
    await page.evaluate(() => { window.__frames = 0; const f = () => { window.__frames++; requestAnimationFrame(f); }; requestAnimationFrame(f); });
    await page.waitForTimeout(1000 * seconds);
    const n = Math.min(240, await page.evaluate(() => window.__frames));  // the page keeps 240 frames
    // both read in one call, so that the i-th work and the i-th parts are the same frame
    const both = await page.evaluate(() => ({ work: window.alloclab.frameStats(), parts: window.alloclab.frameParts() }));
    const work = both.work.slice(-n), parts = both.parts;
    const f = (a) => `${q(a, 0.5).toFixed(1).padStart(6)} / ${q(a, 0.95).toFixed(1).padStart(6)}`;
    const p = (k) => f((parts[k] || []).slice(-n));
    const st = await page.evaluate(() => window.alloclab.state());
    const extra = c.view ? `   ${(100 * st.mesh.busy).toFixed(0)}% busy, ${st.running} running` +
      (st.mesh.orbit.drawn ? `, ${st.mesh.orbit.boxes} boxes, ${st.mesh.orbit.faces} faces` : '') : '';
    console.log(`${c.name.padEnd(32)} ${String(work.length).padStart(6)}  ${f(work)}   ${p('sim')}   ${p('build')}   ${p('submit')}${extra}`);
    if (slow) {
      const part = (k, i) => ((parts[k] || []).slice(-n)[i] ?? NaN).toFixed(1);
      const p95 = q(work, 0.95);
      const at = work.map((w, i) => [w, i]).filter(([w]) => w >= p95);
      console.log(`  load ${os.loadavg()[0].toFixed(2)}; slow frames (index: work = sim + build + submit): ` +
        at.map(([w, i]) => `${i}: ${w.toFixed(1)} = ${part('sim', i)} + ${part('build', i)} + ${part('submit', i)}`).join(';  '));
    }
    await page.close();
  }
} finally {
  await ctx.close();
  server.close?.();
}

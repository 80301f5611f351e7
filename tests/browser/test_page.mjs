// tests/browser/test_page.mjs — the page in headless Chromium (playwright-core, Debian's
// chromium, WebGL2 via SwiftShader): window.alloclab as docs/guide/page.md lists it, runJson equal
// to the native CLI, a mesh canvas that is not blank, a malformed link that shows the engine's
// error while the page stays usable, and the front end (tests/browser/ui_checks.mjs): every
// mode and panel driven by clicks, keys and window.alloclab's hooks, with a screenshot each;
// the lessons (tests/browser/lesson_checks.mjs) and the page for learners (page_checks.mjs).
//   usage: node tests/browser/test_page.mjs [--site DIR] [--native CLI] [--only 3d|failures|lessons]   (or: [DIR] [CLI])
//          --only 3d: only the 3D machines and cube pods (tests/browser/machine3d_checks.mjs)
//          --only failures: only failed hosts on the pods' pictures (tests/browser/failure_checks.mjs)
//          --only lessons: only the students', teachers' and researchers' checks (tests/browser/lesson_checks.mjs)
//          (defaults build-web/site and build/alloclab; env ALLOCLAB_SITE / ALLOCLAB_NATIVE)
// Screenshots go to build-web/screenshots/. Prints "N passed, N failed"; exit 1 on failure.
import { chromium } from 'playwright-core';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { serveStatic } from '../../scripts/serve-static.mjs';
import { machine3dChecks } from './machine3d_checks.mjs';
import { failureChecks } from './failure_checks.mjs';
import { uiChecks, ganttChecks, until, frames as afterFrames } from './ui_checks.mjs';
import { lessonChecks } from './lesson_checks.mjs';
import { pageChecks } from './page_checks.mjs';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const opts = {}, positional = [];
for (let i = 2; i < process.argv.length; i++) {
  const a = process.argv[i];
  if ((a === '--site' || a === '--native' || a === '--only') && i + 1 < process.argv.length) opts[a.slice(2)] = process.argv[++i];
  else positional.push(a);
}
const site = path.resolve(opts.site ?? positional[0] ?? process.env.ALLOCLAB_SITE ?? path.join(repo, 'build-web/site'));
const native = path.resolve(opts.native ?? positional[1] ?? process.env.ALLOCLAB_NATIVE ?? path.join(repo, 'build/alloclab'));
if (opts.only !== undefined && !['3d', 'failures', 'lessons'].includes(opts.only)) {
  console.log(`test_page: --only takes '3d', 'failures' or 'lessons', not '${opts.only}'`);
  process.exit(2);
}
if (!fs.existsSync(path.join(site, 'index.html')) || !fs.existsSync(native)) {
  console.log(`test_page: need ${site}/index.html and ${native} (scripts/build-web; native build)`);
  console.log('0 passed, 1 failed');
  process.exit(1);
}
const shots = path.join(repo, 'build-web/screenshots');
fs.mkdirSync(shots, { recursive: true });

let passed = 0, failed = 0;
function check(name, ok, detail = '') {
  if (ok) { passed++; console.log(`ok    ${name}${detail ? ' — ' + detail : ''}`); }
  else { failed++; console.log(`FAIL  ${name}${detail ? ' — ' + detail : ''}`); }
}

// ---- a minimal PNG reader (8-bit RGB/RGBA, non-interlaced: what Chromium writes)
function decodePng(buf) {
  let pos = 8, w = 0, h = 0, ctype = 0;
  const idat = [];
  while (pos < buf.length) {
    const len = buf.readUInt32BE(pos), type = buf.toString('ascii', pos + 4, pos + 8);
    const data = buf.subarray(pos + 8, pos + 8 + len);
    if (type === 'IHDR') {
      w = data.readUInt32BE(0); h = data.readUInt32BE(4); ctype = data[9];
      if (data[8] !== 8 || (ctype !== 2 && ctype !== 6) || data[12] !== 0) throw new Error('unsupported PNG');
    } else if (type === 'IDAT') idat.push(data);
    else if (type === 'IEND') break;
    pos += 12 + len;
  }
  const bpp = ctype === 6 ? 4 : 3, stride = w * bpp;
  const raw = zlib.inflateSync(Buffer.concat(idat));
  const px = Buffer.alloc(h * stride);
  for (let y = 0; y < h; y++) {
    const f = raw[y * (stride + 1)], src = raw.subarray(y * (stride + 1) + 1, (y + 1) * (stride + 1));
    const cur = px.subarray(y * stride, (y + 1) * stride), prev = y ? px.subarray((y - 1) * stride, y * stride) : null;
    for (let i = 0; i < stride; i++) {
      const a = i >= bpp ? cur[i - bpp] : 0, b = prev ? prev[i] : 0, c = prev && i >= bpp ? prev[i - bpp] : 0;
      let v = src[i];
      if (f === 1) v += a; else if (f === 2) v += b; else if (f === 3) v += (a + b) >> 1;
      else if (f === 4) { const p = a + b - c, pa = Math.abs(p - a), pb = Math.abs(p - b), pc = Math.abs(p - c); v += pa <= pb && pa <= pc ? a : pb <= pc ? b : c; }
      cur[i] = v & 255;
    }
  }
  return { w, h, rgb: (x, y) => { const o = y * stride + x * bpp; return [px[o], px[o + 1], px[o + 2]]; } };
}

// Colour census of an image: distinct colours, and pixels that look like job cells
// (saturated, bright: the mesh view's hash colours; the UI chrome is grey/blue-grey).
function census(png) {
  const img = decodePng(png), colours = new Set();
  let jobPixels = 0, redPixels = 0;
  for (let y = 0; y < img.h; y++) for (let x = 0; x < img.w; x++) {
    const [r, g, b] = img.rgb(x, y), mx = Math.max(r, g, b), mn = Math.min(r, g, b);
    colours.add((r << 16) | (g << 8) | b);
    if (mx >= 150 && (mx - mn) / mx >= 0.4) jobPixels++;
    if (r >= 50 && r > 3 * g && r > 3 * b) redPixels++;
  }
  return { w: img.w, h: img.h, colours: colours.size, jobPixels, redPixels, img };
}

// The native CLI's stdout for arguments.
function nativeCli(args) { return execFileSync(native, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }); }
// The native CLI's JSON for a link (its key=value pairs as arguments).
function nativeRun(link) {
  const args = link ? link.split('&').map(decodeURIComponent) : [];
  return execFileSync(native, ['run', ...args], { encoding: 'utf8' });
}
function nativeError(link) {
  try { execFileSync(native, ['run', ...link.split('&')], { encoding: 'utf8', stdio: 'pipe' }); return null; }
  catch (e) { return String(e.stderr).trim().replace(/^alloclab: /, ''); }
}
// The text of the "results" object (and the scenario) inside a run JSON.
const part = (json, key) => {
  const m = json.match(new RegExp(`"${key}": (\\{[^}]*\\}|"[^"]*")`));
  return m ? m[1] : null;
};

// The Mesh window's canvas as the page drew it last frame (state().mesh, page pixels): the job
// census looks at the machine only, not at the Charts, Gantt or Queue windows' coloured bars.
async function meshClip(page) {
  const m = (await page.evaluate(() => window.alloclab.state())).mesh;
  if (!m.drawn || m.w < 16 || m.h < 16) throw new Error(`no mesh canvas drawn: ${JSON.stringify(m)}`);
  return { x: Math.ceil(m.x), y: Math.ceil(m.y), width: Math.floor(m.w) - 1, height: Math.floor(m.h) - 1 };
}

const server = await serveStatic(site, 0);
const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'alloclab-pw-'));
const ctx = await chromium.launchPersistentContext(profile, {
  executablePath: '/usr/bin/chromium',
  headless: true,
  viewport: { width: 1280, height: 800 },
  args: ['--no-sandbox', '--disable-background-networking', '--disable-component-update', '--disable-sync',
         '--no-first-run', '--disable-quic', '--use-angle=swiftshader', '--enable-unsafe-swiftshader'],
});
const logs = [];
async function open(hash) {
  const page = await ctx.newPage();
  page.on('console', (m) => logs.push(`${m.type()}: ${m.text()}`));
  page.on('pageerror', (e) => logs.push(`pageerror: ${e.message}`));
  await page.goto(`${server.url}index.html${hash ? '#' + hash : ''}`);
  await page.waitForFunction(() => window.alloclab && window.alloclab.ready === true, null, { timeout: 30000 });
  return page;
}

try {
  if (opts.only === undefined) await everyCheck();
  if (opts.only === 'lessons') await lessonChecks({ open, check, shots });
  // ---- 9. 3D machines (layers side by side) and cube pods (cubes), frame work on them
  if (opts.only === undefined || opts.only === '3d') await machine3dChecks({ open, check, shots, census });
  // ---- 10. failed hosts on the pods' pictures (host_mtbf)
  if (opts.only === undefined || opts.only === 'failures') await failureChecks({ open, check, shots, census });
} catch (e) {
  check('no exception', false, e.stack);
} finally {
  await ctx.close();
  await server.close();
  fs.rmSync(profile, { recursive: true, force: true });
}

// Sections 1-8: the page as a whole.
async function everyCheck() {
  // ---- 1. a non-default link loads into the panels and runs
  const link = 'size=32x32&strategy=random&seed=7';
  const t0 = Date.now();
  const page = await open(link).catch((e) => { check('page loads and window.alloclab.ready', false, e.message); throw e; });
  check('page loads and window.alloclab.ready', await page.evaluate(() => window.alloclab.ready === true), `${Date.now() - t0} ms`);
  const api = await page.evaluate(() => ({ version: window.alloclab.version, types: ['runJson', 'link', 'frameStats'].map((k) => typeof window.alloclab[k]) }));
  check('window.alloclab has version, runJson, link, frameStats', /^\d+\.\d+/.test(api.version) && api.types.every((t) => t === 'function'), `version ${api.version}`);
  check('link() equals the loaded link', (await page.evaluate(() => window.alloclab.link())) === link);
  check('URL fragment shows the canonical link', (await page.evaluate(() => location.hash)) === '#' + link);

  // ---- 2. runJson == native CLI (scenario and results byte for byte)
  for (const l of [link, 'topology=torus&size=24x16&strategy=bf&scheduler=ssd&jobs=500&seed=3', '',
                   'size=64x48&strategy=as&jobs=2000&arrival=poisson:0.02&service=uniform:50-150']) {
    const web = await page.evaluate((x) => window.alloclab.runJson(x), l);
    const nat = nativeRun(l);
    const same = part(web, 'results') !== null && part(web, 'results') === part(nat, 'results') && part(web, 'scenario') === part(nat, 'scenario');
    check(`runJson("${l}") == build/alloclab run`, same, same ? part(web, 'results').slice(0, 60) + '…' : `\n  web:    ${web}\n  native: ${nat}`);
  }
  const bad = await page.evaluate(() => { try { window.alloclab.runJson('size=0x5'); return null; } catch (e) { return e.message; } });
  check('runJson(bad) throws the engine message', bad !== null && bad === nativeError('size=0x5'), bad ?? 'no throw');

  // ---- 3. the mesh view is not blank (jobs drawn in their colours)
  let c = null;
  for (let i = 0; i < 10; i++) {
    await page.waitForTimeout(500);
    const png = await page.screenshot({ clip: await meshClip(page) });
    c = census(png);
    fs.writeFileSync(path.join(shots, 'mesh-32x32-random.png'), png);
    if (c.jobPixels > 500) break;
  }
  check('mesh view shows job cells', c.colours >= 4 && c.jobPixels > 500, `${c.colours} colours, ${c.jobPixels} job pixels`);
  await page.screenshot({ path: path.join(shots, 'page-32x32-random.png') });
  const frames = await page.evaluate(() => window.alloclab.frameStats());
  const med = frames.length ? [...frames].sort((a, b) => a - b)[frames.length >> 1] : NaN;
  check('frameStats() returns recent frame times', Array.isArray(frames) && frames.length > 10 && frames.every((x) => x >= 0), `${frames.length} frames, median ${med.toFixed(2)} ms`);
  await page.close();

  // ---- 4. a malformed link: the engine's error in the UI, default scenario, still usable
  const p2 = await open('size=99999x1');
  const errSeen = await until(p2, () => window.alloclab.error() !== '');
  await afterFrames(p2, 3);  // the error panel drawn
  const err = await p2.evaluate(() => window.alloclab.error());
  check('malformed link shows the engine error', err === nativeError('size=99999x1'), errSeen ? err : 'no error after waiting 10 s');
  check('malformed link: default scenario runs (link() is "")', (await p2.evaluate(() => window.alloclab.link())) === '');
  const errShot = await p2.screenshot({ path: path.join(shots, 'page-bad-link.png') });
  const ce = census(errShot);
  check('error panel is visible (red)', ce.redPixels > 2000, `${ce.redPixels} red pixels`);
  const stillOk = await p2.evaluate(() => window.alloclab.ready === true && window.alloclab.runJson('size=8x8&jobs=50').includes('"results"'));
  check('page stays usable after a malformed link', stillOk);
  // a manual fragment edit loads the new scenario (hashchange)
  await p2.evaluate(() => { location.hash = '#size=20x20&strategy=bf'; });
  await p2.waitForFunction(() => window.alloclab.link() === 'size=20x20&strategy=bf', null, { timeout: 5000 }).catch(() => {});
  check('editing the fragment loads that scenario', (await p2.evaluate(() => window.alloclab.link())) === 'size=20x20&strategy=bf');
  // ---- 4b. hostile input: non-string and huge arguments, markup in the fragment
  const types = await p2.evaluate(() => [null, 42, {}, ['size=8x8'], () => 1].map((x) => {
    try { window.alloclab.runJson(x); return 'no throw'; } catch (e) { return e instanceof TypeError ? 'TypeError' : e.message; }
  }));
  check('runJson(non-string) throws a TypeError', types.every((t) => t === 'TypeError'), types.join(', '));
  const huge = await p2.evaluate(() => { try { window.alloclab.runJson('seed=' + '1'.repeat(3 << 20)); return 'no throw'; } catch (e) { return e.message; } });
  check('runJson(3 MB string) throws, page alive', huge === 'link: longer than 65536 characters', huge);
  await p2.evaluate(() => { location.hash = '#size=' + '9'.repeat(3 << 20); });
  const hugeSeen = await p2.waitForFunction(() => window.alloclab.error().includes('65536'), null, { timeout: 5000 }).then(() => 'seen', () => 'timeout');
  const hugeErr = await p2.evaluate(() => window.alloclab.error());
  check("a 3 MB fragment shows the engine error", hugeErr === "link: longer than 65536 characters", `${hugeSeen}: ${hugeErr.slice(0, 120)} | link ${(await p2.evaluate(() => window.alloclab.link())).slice(0, 60)} | hash ${(await p2.evaluate(() => location.hash.length))}`);
  const markup = 'strategy=%3Cimg%20src%3Dx%20onerror%3D%22window.__xss%3D1%22%3E';
  await p2.evaluate((m) => { location.hash = '#' + m; }, markup);
  await until(p2, () => window.alloclab.error().startsWith('strategy:'));
  await afterFrames(p2, 3);
  const dom = await p2.evaluate(() => ({ xss: window.__xss === 1, imgs: document.getElementsByTagName('img').length,
    status: document.getElementById('status').textContent, err: window.alloclab.error() }));
  check('markup in the fragment is never parsed as HTML', !dom.xss && dom.imgs === 0 && !dom.status.includes('<'), JSON.stringify(dom).slice(0, 200));
  check('markup in the fragment: error panel shows it as text', dom.err.startsWith("strategy: '<img src=x"), dom.err.slice(0, 80));
  check('page usable after hostile input', await p2.evaluate(() => window.alloclab.runJson('size=8x8&jobs=20').includes('"results"')));
  await p2.close();

  // ---- 5. a large machine stays interactive (row runs, frame time)
  const p3 = await open('size=256x256&strategy=random&arrival=batch&jobs=3000&job_size=uniform:1-24');
  await p3.waitForTimeout(2500);
  let cb = null;  // a slow machine may need more frames to fill the mesh: look again until 10 s more
  for (let i = 0; i < 20; i++) {
    const bigPng = await p3.screenshot({ clip: await meshClip(p3) });
    fs.writeFileSync(path.join(shots, 'mesh-256x256-random.png'), bigPng);
    cb = census(bigPng);
    if (cb.jobPixels > 5000) break;
    await p3.waitForTimeout(500);
  }
  const f3 = await p3.evaluate(() => window.alloclab.frameStats());
  const med3 = [...f3].sort((a, b) => a - b)[f3.length >> 1];
  check('256x256 random: mesh drawn, frames under 200 ms (SwiftShader)', cb.jobPixels > 5000 && med3 < 200,
        `${cb.colours} colours, ${cb.jobPixels} job pixels, median frame ${med3?.toFixed(2)} ms`);
  await p3.close();

  // ---- 6. the front end: modes, panels, link round trip, exports, traces, presets
  await uiChecks({ open, check, shots, census, server, nativeCli });
  await ganttChecks({ open, check, shots, census, nativeCli });
  // ---- 7. students, teachers, researchers: metric directions, links that keep the lesson, preset cards
  await lessonChecks({ open, check, shots });
  // ---- 8. charts, Explain, narrow screens, Compare's controls, the shipped logs
  await pageChecks({ open, check, shots, census });
}
const errors = logs.filter((l) => l.startsWith('pageerror') || l.startsWith('error'));
check('no page errors in the console', errors.length === 0, errors.join(' | '));
console.log(`screenshots: ${shots}`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);

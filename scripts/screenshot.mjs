// scripts/screenshot.mjs — makes docs/screenshot.png, the picture at the top of README.md: the
// built page (build-web/site) in headless Chromium, Run mode on a 32x32 mesh under load after a
// few seconds of play. Needs scripts/build-web and tests/browser's playwright-core (scripts/setup).
//   usage: node scripts/screenshot.mjs [OUT.png]
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { serveStatic } from './serve-static.mjs';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { chromium } = await import(path.join(repo, 'tests/browser/node_modules/playwright-core/index.mjs'));
const out = path.resolve(process.argv[2] ?? path.join(repo, 'docs/screenshot.png'));
const site = path.join(repo, 'build-web/site');
if (!fs.existsSync(path.join(site, 'index.html'))) {
  console.error('screenshot: no build-web/site/index.html (run scripts/build-web first)');
  process.exit(2);
}
const link = 'size=32x32&strategy=mfa&arrival=poisson:0.02&seed=3';
const server = await serveStatic(site, 0);
const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'alloclab-shot-'));
const ctx = await chromium.launchPersistentContext(profile, {
  executablePath: '/usr/bin/chromium', headless: true, viewport: { width: 1280, height: 800 },
  args: ['--no-sandbox', '--no-first-run', '--disable-background-networking', '--use-angle=swiftshader',
         '--enable-unsafe-swiftshader'],
});
try {
  const page = await ctx.newPage();
  await page.goto(`${server.url}index.html#${link}`);
  await page.waitForFunction(() => window.alloclab && window.alloclab.ready === true, null, { timeout: 60000 });
  // play until the machine is busy and the charts have some history (a slow machine draws few
  // frames a second: give up waiting after two minutes and take what is there)
  await page.waitForFunction(() => window.alloclab.state().history > 40, null, { timeout: 120000 }).catch(() => {});
  const s = await page.evaluate(() => window.alloclab.state());
  console.log(`screenshot: history ${s.history}, mode ${s.mode}, playing ${s.playing}`);
  await page.screenshot({ path: out });
  console.log(`screenshot: ${out} (${fs.statSync(out).size} bytes, #${link})`);
} finally {
  await ctx.close();
  await server.close();
  fs.rmSync(profile, { recursive: true, force: true });
}

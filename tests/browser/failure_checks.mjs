// tests/browser/failure_checks.mjs — failed hosts in the page's pod views (issue 29, host
// failures), called by test_page.mjs. A TPU v5e pod (the 16x16 torus, hosts of 2x4 chips) and a
// TPU v4 pod (drawn as its cubes, hosts of 2x2x1 chips) whose hosts fail often and stay down,
// paused once some are down, read through window.alloclab.state().mesh and the screenshot's
// pixels:
//  - the failed hosts' chips are drawn in the failed grey (170, 170, 170), no job's colour;
//  - hovering such a pixel names that chip's host (hover.job = -2, the reserved owner, and
//    hover.failedHost = the host that drives the chip hovered);
//  - a click there pins nothing.
// Screenshots: failures-tpu-v5e.png, failures-tpu-v4.png (the hovered failed host).
import fs from 'node:fs';
import path from 'node:path';
import { until, frames } from './ui_checks.mjs';

const st = (page) => page.evaluate(() => window.alloclab.state());
const kFailedGrey = 170;

// Page pixels of the canvas (inside clip) in the failed grey with a grey 5x5 around them (not
// anti-aliased text or an edge): a few, spread over the canvas.
function greyPixels(img, clip) {
  const grey = (x, y) => {
    if (x < 0 || y < 0 || x >= img.w || y >= img.h) return false;
    const [r, g, b] = img.rgb(x, y);
    return Math.abs(r - kFailedGrey) <= 2 && Math.abs(g - kFailedGrey) <= 2 && Math.abs(b - kFailedGrey) <= 2;
  };
  const out = [];
  for (let y = 2; y < img.h - 2 && out.length < 400; y++)
    for (let x = 2; x < img.w - 2 && out.length < 400; x++) {
      let all = true;
      for (let j = -2; j <= 2 && all; j++) for (let i = -2; i <= 2 && all; i++) all = grey(x + i, y + j);
      if (all) out.push({ x: clip.x + x, y: clip.y + y });
    }
  return out.filter((_, k) => k % 37 === 0);
}

export async function failureChecks({ open, check, shots, census }) {
  const pods = [
    ['tpu-v5e', 'machine=tpu-v5e&strategy=pod-bf&host_mtbf=400&host_repair=fixed:1000000&arrival=poisson:0.05', 4,
     (h) => Math.floor(h.x / 2) + 8 * Math.floor(h.y / 4)],
    ['tpu-v4', 'machine=tpu-v4&strategy=cube-pack&host_mtbf=4000&host_repair=fixed:1000000&arrival=poisson:0.3', 6,
     (h) => Math.floor(h.x / 2) + 8 * (Math.floor(h.y / 2) + 8 * h.z)],
  ];
  for (const [name, link, down, hostOf] of pods) {
    const p = await open(link);
    const some = await until(p, (n) => window.alloclab.state().mesh.failedHosts >= n, down, 20000);
    await p.mouse.click(700, 10);
    await p.keyboard.press('Space');  // paused: the picture and the state agree
    await until(p, () => window.alloclab.state().playing === false);
    await frames(p, 3);
    let s = await st(p);
    const m = s.mesh;
    const clip = { x: Math.ceil(m.x), y: Math.ceil(m.y), width: Math.floor(m.w) - 1, height: Math.floor(m.h) - 1 };
    const { img } = census(await p.screenshot({ clip }));
    const candidates = greyPixels(img, clip);
    check(`${name}: failed hosts drawn in the failed grey`, some && m.failedHosts >= down && candidates.length > 0,
          `${m.failedHosts} hosts down (waited for ${down}), ${candidates.length} grey spots on the canvas`);
    let hov = null, seen = [];
    for (const c of candidates.slice(0, 12)) {
      await p.mouse.move(c.x, c.y);
      await frames(p, 3);
      const h = (await st(p)).mesh.hover;
      seen.push(`(${h.x},${h.y},${h.z}) job ${h.job} host ${h.failedHost}`);
      if (h.job === -2) { hov = { ...h, px: c.x, py: c.y }; break; }
    }
    if (hov) fs.writeFileSync(path.join(shots, `failures-${name}.png`), await p.screenshot());
    check(`${name}: hovering a grey chip names its failed host`,
          hov !== null && hov.failedHost >= 0 && hov.failedHost === hostOf(hov),
          hov ? `chip (${hov.x}, ${hov.y}, ${hov.z}): failed host ${hov.failedHost}, expected ${hostOf(hov)}` : `no failed chip under the grey spots: ${seen.join('; ')}`);
    if (hov) {
      await p.mouse.click(hov.px, hov.py);
      await frames(p, 3);
      s = await st(p);
      check(`${name}: a click on a failed host pins nothing`, s.pinned === -1, `pinned ${s.pinned}`);
    }
    await p.close();
  }
}

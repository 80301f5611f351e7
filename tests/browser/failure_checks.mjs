// tests/browser/failure_checks.mjs — failed hosts in the page's pod views (issue 29, host
// failures), called by test_page.mjs. A TPU v5e pod (the 16x16 torus, hosts of 2x4 chips) and a
// TPU v4 pod (drawn as its cubes, hosts of 2x2x1 chips) whose hosts fail often and stay down,
// paused once some are down, read through window.alloclab.state().mesh and the screenshot's
// pixels:
//  - the failed hosts' chips are drawn in the failed grey (170, 170, 170), no job's colour;
//  - the header counts as busy only the chips jobs hold, the failed chips beside them;
//  - the layers' picture follows failures as changes, not repainted whole at every frame;
//  - hovering such a pixel names that chip's host (hover.job = -2, the reserved owner, and
//    hover.failedHost = the host that drives the chip hovered);
//  - a click there pins nothing;
//  - the same in the 3D view of the v4 pod (its failed boxes in the grey's shades);
//  - a repaired host's chips are no longer grey (a v4 pod whose hosts fail rarely and return
//    soon, paused with every host up);
//  - the Gantt sizes a multislice job's row by all its chips.
// Screenshots: failures-tpu-v5e.png, failures-tpu-v4.png (the hovered failed host),
// failures-tpu-v4-3d.png, failures-repaired.png.
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

// Page pixels of the 3D view inside clip in one of the failed grey's face shades (170 top, 132 x
// sides, 102 y sides, 85 bottom: orbit_canvas.cpp shaded()) with a 5x5 of that shade around them.
function shadedGreyPixels(img, clip) {
  const shade = (x, y) => {
    if (x < 0 || y < 0 || x >= img.w || y >= img.h) return -1;
    const [r, g, b] = img.rgb(x, y);
    if (r !== g || g !== b) return -1;
    return [170, 132, 102, 85].find((v) => Math.abs(r - v) <= 1) ?? -1;
  };
  const out = [];
  for (let y = 2; y < img.h - 2 && out.length < 400; y++)
    for (let x = 2; x < img.w - 2 && out.length < 400; x++) {
      const v = shade(x, y);
      if (v < 0) continue;
      let all = true;
      for (let j = -2; j <= 2 && all; j++) for (let i = -2; i <= 2 && all; i++) all = shade(x + i, y + j) === v;
      if (all) out.push({ x: clip.x + x, y: clip.y + y });
    }
  return out.filter((_, k) => k % 17 === 0);
}

// Moves the mouse over each candidate until the page says it hovers a failed host's chip: that
// chip, the host named and where, or null (with what was seen instead).
async function hoverFailed(p, candidates, seen) {
  for (const c of candidates.slice(0, 12)) {
    await p.mouse.move(c.x, c.y);
    await frames(p, 3);
    const h = (await st(p)).mesh.hover;
    seen.push(`(${h.x},${h.y},${h.z}) job ${h.job} host ${h.failedHost}`);
    if (h.job === -2) return { ...h, px: c.x, py: c.y };
  }
  return null;
}

export async function failureChecks({ open, check, shots, census }) {
  const pods = [
    ['tpu-v5e', 'machine=tpu-v5e&strategy=pod-bf&host_mtbf=400&host_repair=fixed:1000000&arrival=poisson:0.05', 4,
     (h) => Math.floor(h.x / 2) + 8 * Math.floor(h.y / 4)],
    ['tpu-v4', 'machine=tpu-v4&strategy=cube-pack&host_mtbf=4000&host_repair=fixed:1000000&arrival=poisson:0.3', 6,
     (h) => Math.floor(h.x / 2) + 8 * (Math.floor(h.y / 2) + 8 * h.z)],
  ];
  const hostChips = { 'tpu-v5e': 8, 'tpu-v4': 4 }, chips = { 'tpu-v5e': 256, 'tpu-v4': 4096 };
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
    const busyChips = Math.round(m.busy * chips[name]);
    check(`${name}: the header's busy chips leave the failed ones out and shows them beside`,
          m.header.failed === m.failedHosts * hostChips[name] && m.header.busy + m.header.failed === busyChips,
          `header busy ${m.header.busy}, failed ${m.header.failed}; ${m.failedHosts} hosts of ${hostChips[name]} chips down, ` +
          `${busyChips} chips busy on the machine`);
    check(`${name}: the picture follows failures as changes (no whole repaint at every frame while hosts are down)`,
          m.repaints <= 2 && m.hostChanges >= down, `${m.repaints} whole repaints, ${m.hostChanges} failures and repairs so far`);
    const seen = [];
    const hov = await hoverFailed(p, candidates, seen);
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
    if (name === 'tpu-v4') {  // the 3D view of the same paused pod
      await p.evaluate(() => window.alloclab.command('meshView', '3d'));
      await until(p, () => window.alloclab.state().mesh.orbit.drawn === true);
      await p.mouse.move(700, 10);
      await frames(p, 6);
      const m3 = (await st(p)).mesh;
      const clip3 = { x: Math.ceil(m3.x), y: Math.ceil(m3.y), width: Math.floor(m3.w) - 1, height: Math.floor(m3.h) - 1 };
      const spots = shadedGreyPixels(census(await p.screenshot({ clip: clip3 })).img, clip3);
      const seen3 = [];
      const h3 = await hoverFailed(p, spots, seen3);
      if (h3) fs.writeFileSync(path.join(shots, 'failures-tpu-v4-3d.png'), await p.screenshot());
      check('tpu-v4, 3D view: hovering a grey box names its failed host',
            h3 !== null && h3.failedHost >= 0 && h3.failedHost === hostOf(h3),
            h3 ? `chip (${h3.x}, ${h3.y}, ${h3.z}): failed host ${h3.failedHost}, expected ${hostOf(h3)}`
               : `${spots.length} grey spots; no failed chip under them: ${seen3.join('; ')}`);
      if (h3) {
        await p.mouse.click(h3.px, h3.py);
        await frames(p, 3);
        const pinned = (await st(p)).pinned;
        check('tpu-v4, 3D view: a click on a failed host pins nothing', pinned === -1, `pinned ${pinned}`);
      }
    }
    await p.close();
  }

  // ---- a repaired host is no longer grey: hosts fail rarely and come back soon; paused once
  // some have failed and returned while none is down
  {
    const p = await open('machine=tpu-v4&strategy=cube-pack&host_mtbf=200000&host_repair=fixed:30&arrival=poisson:0.3');
    let m = null, ok = false;
    for (let tries = 0; tries < 4 && !ok; tries++) {
      await until(p, () => { const x = window.alloclab.state().mesh; return x.hostChanges >= 4 && x.failedHosts === 0; }, null, 30000);
      await p.mouse.click(700, 10);
      await p.keyboard.press('Space');
      await until(p, () => window.alloclab.state().playing === false);
      await frames(p, 3);
      m = (await st(p)).mesh;
      ok = m.hostChanges >= 4 && m.failedHosts === 0;
      if (!ok) { await p.keyboard.press('Space'); await until(p, () => window.alloclab.state().playing === true); }
    }
    const clip = { x: Math.ceil(m.x), y: Math.ceil(m.y), width: Math.floor(m.w) - 1, height: Math.floor(m.h) - 1 };
    const png = await p.screenshot({ clip });
    fs.writeFileSync(path.join(shots, 'failures-repaired.png'), png);
    const grey = greyPixels(census(png).img, clip);
    check('tpu-v4: a repaired host is no longer grey (failures and repairs painted as changes)',
          ok && grey.length === 0 && m.repaints <= 2,
          `${m.hostChanges} failures and repairs, ${m.failedHosts} down, ${grey.length} grey spots, ${m.repaints} whole repaints`);
    await p.close();
  }

  // ---- the Gantt sizes a multislice job by all its slices: every job 2 slices of 4x4 (32 chips)
  {
    const p = await open('machine=tpu-v5e&strategy=pod-ff&job_size=slices:4x4=1&slices=2&arrival=poisson:0.02');
    await until(p, () => JSON.parse(window.alloclab.command('gantt')).bar.job >= 0, null, 20000);
    await frames(p, 3);
    const g = JSON.parse(await p.evaluate(() => window.alloclab.command('gantt')));
    check('Gantt: a multislice job\'s row height follows all its chips (2 slices of 4x4: 32)',
          g.bar.nodes === 32 && Math.abs(g.bar.h - Math.max(1, 32 * g.perNode)) < 0.01,
          `bar of job ${g.bar.job}: ${g.bar.nodes} nodes, height ${g.bar.h} px at ${g.perNode} px per node`);
    await p.close();
  }
}

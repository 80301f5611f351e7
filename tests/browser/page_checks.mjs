// tests/browser/page_checks.mjs — the page for learners, called by test_page.mjs (issue 33's
// charts, Explain, narrow screens and Compare), read through window.alloclab.command's "plots",
// "controls" and "layout" (what the windows drew last frame) and the screenshots' pixels:
//  - charts: the Sweep's legend beside or above the data (never over it), log scales,
//    confidence bars of series at the same x apart, numbers without exponents, a single point on
//    a non-negative axis; Run: no straight line across an unsampled stretch after Run to end,
//    no label shortened, the speed slider's value beside it, the Gantt's job numbers, time axis
//    from 0 and legend, the traffic checkbox greyed out and empty without a network;
//  - Explain: column and row numbers on the canvas, row 0 at the bottom, captions in plain
//    words, busy nodes grey (only the step's layers in colour);
//  - narrow screens (390x844): one window at a time under a strip of tabs, nothing overlapping,
//    cut or off screen, a menu bar that fits;
//  - Compare: one set of play controls; no window's content cut at its edge, no tab label cut;
//  - the shipped logs: a button loads one (fetch + DecompressionStream) and it runs.
// Screenshots at 1280x800, 1920x1080 and 390x844 go to build-web/screenshots/.
import fs from 'node:fs';
import path from 'node:path';
import { until, frames } from './ui_checks.mjs';

const json = (page, name, arg = '') => page.evaluate(([n, a]) => JSON.parse(window.alloclab.command(n, a)), [name, arg]);
const cmd = (page, name, arg = '') => page.evaluate(([n, a]) => window.alloclab.command(n, a), [name, arg]);
const st = (page) => page.evaluate(() => window.alloclab.state());
// rectangles are [x0, y0, x1, y1] in page pixels
const area = (r) => Math.max(0, r[2] - r[0]) * Math.max(0, r[3] - r[1]);
const overlap = (a, b) => Math.max(0, Math.min(a[2], b[2]) - Math.max(a[0], b[0])) * Math.max(0, Math.min(a[3], b[3]) - Math.max(a[1], b[1]));
const inside = (a, b, tol = 1) => a[0] >= b[0] - tol && a[1] >= b[1] - tol && a[2] <= b[2] + tol && a[3] <= b[3] + tol;
const centre = (r) => [(r[0] + r[2]) / 2, (r[1] + r[3]) / 2];
const exponent = /\de[+-]?\d/i;
// What a learner should not meet in Explain's text (tests/test_explain.cpp keeps the same list).
const JARGON = [/status [12]/, /seed 0/, /MCF/, /T\(/, /sec\./, /[ΔΞ]/, /<\d/];

// Pixels of a screenshot clip that look like a job's colour (saturated and bright).
function colouredPixels(census, png) { return census(png).jobPixels; }
// Pixels in the colour of a ticked checkbox's mark (ImGuiCol_CheckMark, light blue).
function checkMarkPixels(census, png) {
  const img = census(png).img;
  let n = 0;
  for (let y = 0; y < img.h; y++) for (let x = 0; x < img.w; x++) {
    const [r, g, b] = img.rgb(x, y);
    if (b >= 200 && g >= 150 && r <= 160) n++;
  }
  return n;
}
const clip = (r) => ({ x: Math.floor(r[0]), y: Math.floor(r[1]), width: Math.max(1, Math.ceil(r[2] - r[0])), height: Math.max(1, Math.ceil(r[3] - r[1])) });

// Windows of a layout that must not overlap: top-level ones, but not Help (a window the user
// opens on top) or the error panel.
const tiles = (lay) => lay.windows.filter((w) => !w.child && w.name !== 'Help' && w.name !== 'Error');

// Every window's content inside its edge, every tab's label and every table cell's text whole,
// at the current size. Take the layout of a paused page (settle below): ImGui sizes a tab and a
// table column from the previous frame's content, so a count or number that grows while a run
// plays ("Departed (10)") is cut for that one frame, which no one sees but a sampled frame shows.
function layoutCheck(check, lay, what) {
  const cut = lay.windows.filter((w) => w.overflow > 1).map((w) => `${w.name} +${w.overflow.toFixed(0)}px`);
  const tabs = lay.tabs.filter((t) => t.width + 0.5 < t.needed).map((t) => `${t.label} ${t.width.toFixed(0)}/${t.needed.toFixed(0)}px`);
  const cells = lay.tables.flatMap((t) => t.columns.filter((c) => c.cut > 1).map((c) => `${t.window.split('/')[0]}: ${c.name || '#'} +${c.cut.toFixed(0)}px`));
  check(`${what}: no window's content cut at its edge, no tab label or table cell cut`, cut.length === 0 && tabs.length === 0 && cells.length === 0,
        `${lay.windows.length} windows, ${lay.tabs.length} tabs, ${lay.tables.length} tables${cut.length ? '; cut: ' + cut.join(', ') : ''}` +
        `${tabs.length ? '; tabs: ' + tabs.join(', ') : ''}${cells.length ? '; table cells: ' + cells.join(', ') : ''}`);
}

// Pauses the page's run and lets two frames pass, so that the next layout sampled is a steady one.
const settle = async (page) => { await cmd(page, 'pause'); await frames(page, 3); };

export async function pageChecks({ open, check, shots, census }) {
  const shot = async (page, name, c) => { const png = await page.screenshot(c ? { clip: c } : {}); fs.writeFileSync(path.join(shots, name), png); return png; };

  // ---- 5. Sweep charts: legend, bars apart, numbers, axes, log scales, one point
  const s = await open('jobs=150&mode=sweep&sweep_strategies=ff,bf,random&sweep_key=arrival&sweep_values=0.005;0.01;0.02&sweep_replications=2');
  await cmd(s, 'sweep', 'ff,bf,random|0.005,0.01,0.02|2');
  const swept = await until(s, () => !window.alloclab.state().sweep.running && window.alloclab.state().sweep.done === 18, null, 90000);
  await frames(s, 3);
  let plots = (await json(s, 'plots')).filter((p) => p.id.startsWith('sweep_'));
  check('Sweep: three strategies x three rates x 2 replications finished, plots drawn', swept && plots.length >= 3, `${plots.length} plots`);
  check('Sweep plots: the legend beside or above the data, never over it',
        plots.every((p) => area(p.legend) > 0 && overlap(p.legend, p.area) === 0 && inside(p.legend, p.rect)),
        plots.map((p) => `${p.id} legend ${p.legend.map((v) => v.toFixed(0))} area ${p.area.map((v) => v.toFixed(0))}`).join('; '));
  check('Sweep plots: confidence bars of series at the same x drawn apart', plots.every((p) => p.barGap >= 3),
        plots.map((p) => `${p.id} ${p.barGap}px`).join(', '));
  check('Sweep plots: tick labels without exponents (13580, not 1.358e+04)', plots.every((p) => p.ticks.every((t) => !exponent.test(t))),
        plots.map((p) => p.ticks.join(' ')).join(' | ').slice(0, 200));
  check('Sweep plots: non-negative data on non-negative axes', plots.every((p) => p.x[0] >= 0 && p.y[0] >= 0),
        plots.map((p) => `${p.id} x ${p.x[0]} y ${p.y[0]}`).join(', '));
  check('Sweep plots at 1280x800: no title, subtitle, legend or axis label shortened', plots.every((p) => p.elided === 0),
        plots.map((p) => `${p.id} ${p.elided}`).join(', '));
  await shot(s, 'sweep-1280x800.png');
  // log scales: the window's own checkboxes, clicked
  const boxes = (await json(s, 'controls')).sweepLog;
  await s.mouse.click(...centre(boxes.y));
  await frames(s, 3);
  await s.mouse.click(...centre(boxes.x));
  await frames(s, 3);
  plots = (await json(s, 'plots')).filter((p) => p.id.startsWith('sweep_'));
  check('Sweep: "log x" and "log y" make both axes logarithmic (readable decade ticks)',
        plots.length >= 3 && plots.every((p) => p.logX && p.logY && p.ticks.every((t) => !exponent.test(t))),
        plots.map((p) => `${p.id} logX ${p.logX} logY ${p.logY}: ${p.ticks.join(' ')}`).join(' | ').slice(0, 300));
  await shot(s, 'sweep-log-1280x800.png');
  await s.mouse.click(...centre(boxes.y));
  await s.mouse.click(...centre(boxes.x));
  await cmd(s, 'sweep', 'ff|0.02|1');
  await until(s, () => !window.alloclab.state().sweep.running && window.alloclab.state().sweep.done === 1, null, 60000);
  await frames(s, 3);
  plots = (await json(s, 'plots')).filter((p) => p.id.startsWith('sweep_'));
  check('Sweep: a single point sits on a non-negative x-axis around it', plots.length >= 3 && plots.every((p) => p.x[0] >= 0 && p.x[0] < 0.02 && p.x[1] > 0.02),
        plots.map((p) => `${p.id} x ${p.x.join('..')}`).join(', '));
  await s.setViewportSize({ width: 1920, height: 1080 });
  await frames(s, 4);
  await shot(s, 'sweep-1920x1080.png');
  await s.close();

  // ---- 5. Run charts, speed slider, Gantt, traffic checkbox (no network)
  const r = await open('size=32x32&jobs=4000&arrival=poisson:0.05&job_size=uniform:1-8&seed=5');
  await cmd(r, 'pause');
  await cmd(r, 'reset');  // the page played from its first frame: on a slow machine it may be far in already
  await cmd(r, 'pause');
  for (let i = 0; i < 20; i++) await cmd(r, 'step');  // early in the run: now well inside the Gantt's span
  await frames(r, 3);
  let c = await json(r, 'controls');
  const early = (await st(r)).now;
  check('Gantt early in the run: time axis from 0 (no negative times), job numbers on its left, a legend',
        early < c.gantt.t1 && c.gantt.t0 === 0 && c.gantt.rowLabels > 0 && c.gantt.legend === 3,
        `t = ${early.toFixed(1)}; axis ${c.gantt.t0}..${c.gantt.t1}, ${c.gantt.rowLabels} job numbers, ${c.gantt.legend} legend entries`);
  await cmd(r, 'play');
  await until(r, () => window.alloclab.state().history > 5);
  await frames(r, 3);
  c = await json(r, 'controls');
  check('Run: the speed slider\'s value is written beside it, not under its handle',
        area(c.speed.slider) > 0 && area(c.speed.value) > 0 && c.speed.value[0] >= c.speed.slider[2],
        `slider ${c.speed.slider.map((v) => v.toFixed(0))}, value ${c.speed.value.map((v) => v.toFixed(0))}`);
  const offPng = await shot(r, 'traffic-checkbox-no-network.png', clip(c.traffic.box));
  check('Mesh without a network: the traffic checkbox is greyed out and empty',
        c.traffic.drawn && !c.traffic.enabled && !c.traffic.ticked && checkMarkPixels(census, offPng) === 0,
        `enabled ${c.traffic.enabled}, ticked ${c.traffic.ticked}, ${checkMarkPixels(census, offPng)} check-mark pixels`);
  const t0 = Date.now();
  await cmd(r, 'runToEnd');
  const ended = await until(r, () => window.alloclab.state().done, null, 60000);
  await frames(r, 3);
  const gap = (await st(r)).historyGap;
  check('Run to end: the charts have samples all along the run (no straight line across an unsampled stretch)',
        ended && gap > 0 && gap < 0.02, `${ended ? `ended in ${Date.now() - t0} ms` : 'not ended in 60 s'}; largest gap ${(100 * gap).toFixed(2)}% of the run`);
  plots = await json(r, 'plots');
  const tall = (p) => p.area[3] - p.area[1];
  check('Run charts at 1280x800: every plot area at least 60 px tall; titles, subtitles, legends and axis labels whole; legends off the data; readable numbers',
        plots.length >= 1 && plots.every((p) => tall(p) >= 60 && p.elided === 0 && overlap(p.legend, p.area) === 0 && (area(p.legend) === 0 || inside(p.legend, p.rect)) && p.ticks.every((t) => !exponent.test(t))),
        plots.map((p) => `${p.id} ${tall(p).toFixed(0)} px tall, elided ${p.elided}`).join(', '));
  c = await json(r, 'controls');
  check('Gantt at 1280x800: the rows\' note and the time labels end inside the chart',
        c.gantt.note !== '' && c.gantt.textEnd <= c.gantt.x1 + 0.5, `note "${c.gantt.note}", texts end at ${c.gantt.textEnd.toFixed(0)} of ${c.gantt.x1.toFixed(0)}`);
  await shot(r, 'run-ended-1280x800.png');
  layoutCheck(check, await json(r, 'layout'), 'Run at 1280x800');
  await r.setViewportSize({ width: 1920, height: 1080 });
  await frames(r, 4);
  layoutCheck(check, await json(r, 'layout'), 'Run at 1920x1080');
  plots = await json(r, 'plots');
  check('Run charts at 1920x1080: three plots one above the other on one time axis, their plot areas aligned and at least 60 px tall',
        plots.length === 3 && plots.every((p) => tall(p) >= 60 && Math.abs(p.area[0] - plots[0].area[0]) < 0.5 && Math.abs(p.area[2] - plots[0].area[2]) < 0.5),
        plots.map((p) => `${p.id} x ${p.area[0].toFixed(0)}..${p.area[2].toFixed(0)}, ${tall(p).toFixed(0)} px tall`).join(', '));
  c = await json(r, 'controls');
  check('Gantt at 1920x1080: the rows\' note whole, texts inside the chart', c.gantt.note.includes('height') && c.gantt.textEnd <= c.gantt.x1 + 0.5,
        `note "${c.gantt.note}", texts end at ${c.gantt.textEnd.toFixed(0)} of ${c.gantt.x1.toFixed(0)}`);
  await shot(r, 'run-1920x1080.png');
  await r.setViewportSize({ width: 1280, height: 800 });
  await frames(r, 4);

  // ---- the shipped logs: a button loads one and it runs
  c = await json(r, 'controls');
  const btn = c.logButtons.find((b) => b.file.includes('SDSC')) ?? c.logButtons[0];
  if (!btn) check('Setup lists the shipped logs', false, 'no log buttons drawn');
  else {
    const visible = btn.rect[1] >= 0 && btn.rect[3] <= 800 && area(btn.rect) > 0;
    const l0 = Date.now();
    if (visible) await r.mouse.click(...centre(btn.rect));
    else await r.evaluate((f) => window.alloclab.loadBuiltinTrace(f), btn.file);
    const loaded = await until(r, () => window.alloclab.state().traceJobs > 0, null, 120000);
    const loadMs = Date.now() - l0;
    const s1 = await st(r);
    await cmd(r, 'play');
    await r.waitForTimeout(2000);
    const s2 = await st(r);
    check(`a shipped log loads from its button (${visible ? 'clicked' : 'called'}) and runs`,
          loaded && s1.traceJobs > 1000 && s2.events > s1.events && s2.now > 0 && (await r.evaluate(() => window.alloclab.error())) === '',
          `${btn.file}: ${s1.traceJobs} jobs loaded in ${loadMs} ms; ${s2.events - s1.events} events in the next 2 s (t = ${s2.now.toFixed(0)})`);
    check('the Paragon log loads in under 2 s', loaded && loadMs < 2000, `${loadMs} ms (goal < 2000 ms)`);
    await shot(r, 'log-loaded.png');
  }
  // the T3D log from its button's call: its 8x4x4 torus, the 2D strategy ff replaced by ff3d
  const t3d = c.logButtons.find((b) => b.file.includes('T3D'));
  if (!t3d) check('Setup lists the T3D log', false, `buttons: ${c.logButtons.map((b) => b.file).join(', ')}`);
  else {
    const msg = await r.evaluate((f) => window.alloclab.loadBuiltinTrace(f), t3d.file);
    await frames(r, 3);
    const s3 = await st(r);
    const link = await r.evaluate(() => window.alloclab.command('link'));
    check('the T3D log replays on its own 3D torus with a strategy that runs there',
          msg === '' && s3.traceJobs > 20000 && s3.mesh.layers.depth === 4 && /(^|&)strategy=ff3d(&|$)/.test(link),
          `message "${msg}", ${s3.traceJobs} jobs, ${s3.mesh.layers.depth} layers drawn, link ${link}`);
  }
  // a corrupt .swf.gz: one error naming the file; the log loaded before stays
  const bad = await r.evaluate(() => window.alloclab._loadStream('broken.swf.gz',
    new Blob([new Uint8Array([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 3, 1, 2, 3])]).stream(), false));
  const s4 = await st(r);
  check('a corrupt .swf.gz: an error naming the file, the loaded log kept',
        /broken\.swf\.gz/.test(bad) && /gzip/.test(bad) && s4.traceJobs > 20000 && (await r.evaluate(() => window.alloclab.error())).includes('broken.swf.gz'),
        `"${bad}"; ${s4.traceJobs} jobs still loaded`);
  await r.close();

  // ---- 5. the traffic checkbox with a network; Charts on tabs in a small window
  const n = await open('size=32x32&pattern=random&arrival=poisson:0.05&job_size=uniform:1-8&seed=5');
  await until(n, () => window.alloclab.state().history > 5);
  await frames(n, 3);
  c = await json(n, 'controls');
  const onPng = await shot(n, 'traffic-checkbox-network.png', clip(c.traffic.box));
  check('Mesh with a network: the traffic checkbox is active and ticked',
        c.traffic.enabled && c.traffic.ticked && checkMarkPixels(census, onPng) > 5, `${checkMarkPixels(census, onPng)} check-mark pixels`);
  plots = await json(n, 'plots');
  check('Run charts with a network at 1280x800: plot areas at least 60 px tall, every drawn label whole, legends inside the chart and off the data',
        plots.length >= 1 && plots.every((p) => p.area[3] - p.area[1] >= 60 && p.elided === 0 && overlap(p.legend, p.area) === 0 && (area(p.legend) === 0 || inside(p.legend, p.rect))),
        plots.map((p) => `${p.id} ${(p.area[3] - p.area[1]).toFixed(0)} px tall, elided ${p.elided}`).join(', '));
  await settle(n);
  layoutCheck(check, await json(n, 'layout'), 'Run with a network at 1280x800');
  await shot(n, 'run-network-1280x800.png');
  await n.close();

  // ---- 6. Explain for learners
  const e = await open('size=16x16&strategy=mbs&seed=4&arrival=poisson:0.08&job_size=uniform:2-6&mode=explain');
  for (let i = 0; i < 30; i++) await cmd(e, 'step');
  await cmd(e, 'explainStep', '0');
  await frames(e, 4);
  c = await json(e, 'controls');
  const ex = c.explain;
  check('Explain: column and row numbers along the canvas, row 0 at the bottom',
        ex.drawn && ex.columns >= 2 && ex.rows >= 2 && ex.yRow0 > ex.yLastRow,
        `${ex.columns} column and ${ex.rows} row numbers; row 0 at y ${ex.yRow0.toFixed(0)}, the highest at ${ex.yLastRow.toFixed(0)}`);
  const busy = (await st(e)).running;
  const canvasPng = await shot(e, 'explain-request-step.png', clip(ex.canvas));
  check('Explain: busy nodes grey, so that only the step\'s layers have colours (no job shares "chosen")',
        busy > 0 && ex.neutralBusy && colouredPixels(census, canvasPng) === 0, `${busy} jobs running; ${colouredPixels(census, canvasPng)} job-coloured pixels at the first step`);
  const words = [];
  for (const strat of ['mbs', 'mfa', 'qtree', 'pald-ff', 'nas', 'itat']) {
    await cmd(e, 'setParam', `strategy=${strat}`);
    for (let i = 0; i < 12; i++) await cmd(e, 'step');
    await frames(e, 2);
    const steps = (await st(e)).explain.steps;
    for (let k = 0; k < steps; k++) {
      await cmd(e, 'explainStep', String(k));
      await frames(e, 2);
      const x = (await st(e)).explain;
      for (const j of JARGON) if (j.test(x.title + ' ' + x.caption)) words.push(`${strat} step ${k + 1} (${x.title}): ${j}`);
    }
  }
  check('Explain captions in plain words (no status codes, MCF, T(p,q), <x,y>, seed numbers)', words.length === 0, words.join('; ').slice(0, 300));
  await cmd(e, 'setParam', 'strategy=qtree');
  for (let i = 0; i < 10; i++) await cmd(e, 'step');
  await cmd(e, 'explainStep', '99');
  await frames(e, 3);
  await shot(e, 'explain-qtree-1280x800.png');
  layoutCheck(check, await json(e, 'layout'), 'Explain at 1280x800');
  await e.close();

  // ---- 8. Compare: one set of play controls, nothing cut
  const k = await open('size=32x32&jobs=300&arrival=poisson:0.03&mode=compare&compare=ff,bf,mbs,random');
  await until(k, () => window.alloclab.state().compareRuns === 4);
  await frames(k, 4);
  await settle(k);
  c = await json(k, 'controls');
  check('Compare: Setup shows no playback of its own (Compare\'s Play / Restart are the only ones)', area(c.speed.slider) === 0,
        `Setup's speed slider ${c.speed.slider}`);
  layoutCheck(check, await json(k, 'layout'), 'Compare at 1280x800');
  await shot(k, 'compare-1280x800.png');
  await k.setViewportSize({ width: 1920, height: 1080 });
  await frames(k, 4);
  layoutCheck(check, await json(k, 'layout'), 'Compare at 1920x1080');
  await shot(k, 'compare-1920x1080.png');

  // ---- 7. narrow screens: one window at a time, nothing overlapping, cut or off screen
  await k.setViewportSize({ width: 390, height: 844 });
  await frames(k, 5);
  const narrow = async (page, what) => {
    const lay = await json(page, 'layout');
    const [W, H] = lay.display;
    const t = tiles(lay);
    let clash = [];
    for (let i = 0; i < t.length; i++) for (let j = i + 1; j < t.length; j++)
      if (overlap(t[i].rect, t[j].rect) > 1) clash.push(`${t[i].name} / ${t[j].name}`);
    const off = t.filter((w) => !inside(w.rect, [0, 0, W, H])).map((w) => w.name);
    check(`${what} at 390x844: windows side by side or one at a time, none overlapping or off screen; the menu bar fits`,
          t.length >= 2 && clash.length === 0 && off.length === 0 && lay.menuEnd > 0 && lay.menuEnd <= W && lay.strip.length >= 2,
          `${t.map((w) => w.name).join(', ')}; menu ends at ${lay.menuEnd.toFixed(0)} of ${W}; tabs ${lay.strip.map((b) => b.name).join(', ')}` +
          `${clash.length ? '; overlapping: ' + clash.join(', ') : ''}${off.length ? '; off screen: ' + off.join(', ') : ''}`);
    layoutCheck(check, lay, `${what} at 390x844`);
    return lay;
  };
  let lay = await narrow(k, 'Compare');
  await shot(k, 'narrow-compare-390x844.png');
  await k.close();
  const p = await open('size=32x32&arrival=poisson:0.05&job_size=uniform:1-8');
  await p.setViewportSize({ width: 390, height: 844 });
  await frames(p, 5);
  await settle(p);
  lay = await narrow(p, 'Run (Mesh)');
  await shot(p, 'narrow-run-390x844.png');
  // every tab of the strip shows its window alone, nothing cut
  const shown = [];
  for (const tab of lay.strip) {
    await p.mouse.click(...centre(tab.rect));
    await frames(p, 4);
    const l = await json(p, 'layout');
    const names = tiles(l).map((w) => w.name).filter((w) => w !== '##windows');
    shown.push(`${tab.name} -> ${names.join('+')}`);
    if (names.length !== 1 || names[0] !== tab.name) check(`narrow Run: the ${tab.name} tab shows ${tab.name} alone`, false, names.join(', '));
    layoutCheck(check, l, `narrow Run, ${tab.name} tab`);
    await shot(p, `narrow-${tab.name.split(' ')[0].toLowerCase()}-390x844.png`);
  }
  check('narrow Run: each tab of the strip shows its window alone', shown.length >= 6 && shown.every((x) => x.split(' -> ')[0] === x.split(' -> ')[1]), shown.join(', '));
  await p.setViewportSize({ width: 1280, height: 800 });
  await frames(p, 5);
  const wide = tiles(await json(p, 'layout'));
  let clash = 0;
  for (let i = 0; i < wide.length; i++) for (let j = i + 1; j < wide.length; j++) clash += overlap(wide[i].rect, wide[j].rect) > 1 ? 1 : 0;
  check('back to 1280x800: the side-by-side layout returns', wide.length >= 5 && clash === 0, wide.map((w) => w.name).join(', '));
  await p.close();
}
